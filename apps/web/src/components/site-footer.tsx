import { Anchor, Box, Group, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

/**
 * The footer of every page (issue 30): the link to the complaints book (Libro de Reclamaciones),
 * which Peruvian law wants visible on the provider's website.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      className="site-footer"
      py="md"
      px="md"
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="center" gap="xs" wrap="wrap">
        <Text size="sm">© Cusco Treks</Text>
        <Text size="sm" aria-hidden>
          ·
        </Text>
        <Anchor
          component={Link}
          to={paths.complaints.href()}
          size="sm"
          fw={600}
          c="andes.9"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconBook2 size={18} aria-hidden />
          {t('footer.complaintsBook')}
        </Anchor>
      </Group>
    </Box>
  );
}
