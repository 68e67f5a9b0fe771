import { Center, Loader, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/media.ts';

/**
 * A modal holding a form (or a confirmation): full screen on a phone, its close button named
 * (`closeLabel`, else "Close"), and while something loads a loader named by `loading` (what is
 * loading) above its content.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size = 'md',
  loading,
  closeLabel,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  size?: ModalProps['size'];
  /** What is loading, said by the loader; none when nothing is. */
  loading?: string;
  /** The close button's name, when "Close" is not the word. */
  closeLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': closeLabel ?? t('common.close') }}
    >
      {loading && (
        <Center py="xl" role="status" aria-label={loading}>
          <Loader />
        </Center>
      )}
      {children}
    </Modal>
  );
}
