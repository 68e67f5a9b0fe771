import type { AdminAuditEntry } from '@cusco/shared';
import { Code, Text } from '@mantine/core';
import { TwoLines } from '../../../components/data-table.tsx';
import { useAdminText } from '../i18n.ts';
import { type AdminColumn, bookingColumn, useWhenColumn } from './admin-table.tsx';

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
  return [
    useWhenColumn(t('audit.when')),
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
    bookingColumn(t('booking')),
    { key: 'before', header: t('audit.before'), render: (row) => <Snapshot value={row.before} /> },
    { key: 'after', header: t('audit.after'), render: (row) => <Snapshot value={row.after} /> },
  ];
}
