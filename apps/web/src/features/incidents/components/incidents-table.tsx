import { type Incident, IncidentStatusId, todayInLima } from '@cusco/shared';
import { ActionIcon, Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** Spec §4: the initial status has the primary badge, the next the main colour, the rest grey. */
const badgeColor: Record<string, string> = {
  [IncidentStatusId.registered]: 'blue',
  [IncidentStatusId.inProgress]: 'andes',
  [IncidentStatusId.answered]: 'terracotta',
};

export function StatusBadge({ incident }: { incident: Pick<Incident, 'statusId' | 'status'> }) {
  return (
    <Badge
      variant="light"
      color={badgeColor[incident.statusId] ?? 'gray'}
      // The whole status, never cut to "REGISTE…" (issue 12, bug 6): the cell grows to hold it.
      styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
    >
      {incident.status}
    </Badge>
  );
}

/**
 * The incidents, named by the heading #incidents-table: last change, request, reservation,
 * status, and an icon that opens the incident.
 */
export function IncidentsTable({ items, onOpen }: { items: Incident[]; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      labelledBy="incidents-table"
      rows={items}
      rowKey={(row) => row.id}
      columns={[
        {
          key: 'modified',
          header: t('incidents.modified'),
          render: (row) => formatDate(todayInLima(new Date(row.modifiedOn)), language),
        },
        { key: 'name', header: t('incidents.request'), render: (row) => row.name },
        {
          key: 'booking',
          header: t('incidents.reservation'),
          render: (row) => row.bookingName,
        },
        {
          key: 'status',
          header: t('incidents.status'),
          render: (row) => <StatusBadge incident={row} />,
        },
        {
          key: 'actions',
          header: t('incidents.actions'),
          align: 'right',
          render: (row) => (
            <ActionIcon
              variant="light"
              size="lg"
              onClick={() => onOpen(row.id)}
              aria-label={t('incidents.open', { name: row.name })}
              data-list-item
            >
              <IconEye size={20} aria-hidden />
            </ActionIcon>
          ),
        },
      ]}
    />
  );
}
