import type { AdminAuditEntry } from '@cusco/shared';
import { Anchor, Code, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAdminText } from '../i18n.ts';
import type { AdminColumn } from './admin-table.tsx';

/** A state before or after, compact: `{"debt":120}`. */
function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text size="xs">—</Text>;
  return (
    <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 320 }}>
      {JSON.stringify(value)}
    </Code>
  );
}

/** The columns of the audit trail (its screen and a booking's). */
export function useAuditColumns(): AdminColumn<AdminAuditEntry>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  const when = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-PE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return [
    {
      key: 'when',
      header: t('audit.when'),
      render: (row) => when.format(new Date(row.createdAt)),
    },
    {
      key: 'who',
      header: t('audit.who'),
      render: (row) => <TwoLines main={row.staffName} sub={row.staffEmail} />,
    },
    {
      key: 'action',
      header: t('audit.action'),
      render: (row) =>
        t([`audit.actions.${row.action}`, 'audit.actions.other'], { action: row.action }),
    },
    {
      key: 'booking',
      header: t('booking'),
      render: (row) =>
        row.bookingCode ? (
          <Anchor component={Link} to={paths.adminBooking.href(row.bookingCode)} size="sm">
            {row.bookingCode}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'before', header: t('audit.before'), render: (row) => <Snapshot value={row.before} /> },
    { key: 'after', header: t('audit.after'), render: (row) => <Snapshot value={row.after} /> },
  ];
}
