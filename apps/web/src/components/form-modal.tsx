import { Center, Loader, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/media.ts';

/**
 * A modal holding a form: full screen on a phone, its close button named, and while `loading`
 * a loader named `loadingLabel` above its content.
 */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  loading,
  loadingLabel,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  size: ModalProps['size'];
  loading: boolean;
  loadingLabel: string;
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
        <Center py="xl" role="status" aria-label={loadingLabel}>
          <Loader />
        </Center>
      )}
      {children}
    </Modal>
  );
}
