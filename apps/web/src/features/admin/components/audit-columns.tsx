import type { AdminAuditEntry } from '@cusco/shared';
import { Text } from '@mantine/core';
import { TwoLines } from '../../../components/data-table.tsx';
import { useAdminText } from '../i18n.ts';
import { type AdminColumn, bookingColumn, useWhenColumn } from './admin-table.tsx';

type Change = AdminAuditEntry['changes'][number];

/**
 * An entry's changes, field by field (issue 28): the field's label in the staff's language, and
 * its value before → after ("—" for none); a field added shows its value only.
 */
function Changes({ changes }: { changes: Change[] }) {
  const { t, i18n } = useAdminText();
  if (changes.length === 0) return <Text size="xs">—</Text>;
  const label = (field: string) =>
    i18n.exists(`ops.audit.fields.${field}`, { ns: 'admin' })
      ? t(`ops.audit.fields.${field}`)
      : field;
  const value = (text: string | null) => {
    if (text === null || text === '') return '—';
    if (text === 'true') return t('yes');
    if (text === 'false') return t('no');
    // The product's own codes (a status, a method, a reason) in words.
    return i18n.exists(`ops.audit.values.${text}`, { ns: 'admin' })
      ? t(`ops.audit.values.${text}`)
      : text;
  };
  return (
    <dl style={{ margin: 0, maxWidth: 380 }}>
      {changes.map((change) => (
        <div key={change.field} style={{ overflowWrap: 'anywhere' }}>
          <Text component="dt" size="xs" fw={700} span>
            {label(change.field)}:
          </Text>{' '}
          <Text component="dd" size="xs" span m={0}>
            {change.before === null
              ? value(change.after)
              : t('ops.audit.beforeAfter', {
                  before: value(change.before),
                  after: value(change.after),
                })}
          </Text>
        </div>
      ))}
    </dl>
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
    {
      key: 'subject',
      header: t('ops.audit.subject'),
      render: (row) => <Text size="sm">{row.subject ?? '—'}</Text>,
    },
    {
      key: 'changes',
      header: t('ops.audit.changes'),
      render: (row) => <Changes changes={row.changes} />,
    },
  ];
}
