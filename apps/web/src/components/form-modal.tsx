import { Center, Loader, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/media.ts';

/**
 * A modal holding a form: full screen on a phone, its close button named, and while something
 * loads a loader named by `loading` (what is loading) above its content.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size = 'md',
  loading,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  size?: ModalProps['size'];
  /** What is loading, said by the loader; none when nothing is. */
  loading?: string;
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
      closeButtonProps={{ 'aria-label': t('common.close') }}
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
