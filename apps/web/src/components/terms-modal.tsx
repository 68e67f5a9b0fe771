import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from './lazy-modal.tsx';

interface TermsSection {
  title: string;
  items: string[];
}

/** The terms and conditions (spec §9): the standard version, or the corporate clients' one. */
export function TermsModal({
  opened,
  onClose,
  variant = 'standard',
}: {
  opened: boolean;
  onClose(): void;
  variant?: 'standard' | 'corporate';
}) {
  const { t } = useTranslation();
  const sections = t(`terms.${variant}`, { returnObjects: true }) as TermsSection[];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={variant === 'corporate' ? t('terms.corporateTitle') : t('terms.standardTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {sections.map((section) => (
          <section key={section.title}>
            <Title order={3} size="h5" mb={6}>
              {section.title}
            </Title>
            <List spacing={4} size="sm">
              {section.items.map((item) => (
                <List.Item key={item}>
                  <Text size="sm">{item}</Text>
                </List.Item>
              ))}
            </List>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
