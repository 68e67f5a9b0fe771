import { type AdminComplaintItem, complaintStatusFilters } from '@cusco/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useComplaintQueue } from '../api/complaints-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import type { AdminColumn } from '../components/admin-table.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/complaints (issue 30): the complaints book's queue, the open sheets by due date first,
 * each with what is left of its 15 working days.
 */
export function AdminComplaintsPage() {
  const { t } = useAdminText();
  const url = useUrlState(['status']);
  const queue = useComplaintQueue(url.query, url.page);
  return (
    <ListScreen
      section="complaints"
      filters={[
        {
          select: 'status',
          data: complaintStatusFilters.map((value) => ({
            value,
            label: t(`complaints.statuses.${value}`),
          })),
        },
      ]}
      url={url}
      list={queue}
      columns={useColumns()}
      rowKey={(row) => row.id}
    />
  );
}

/** "Overdue by 2 working days", "Due in 3 working days", "Answered". */
export function DueBadge({ item }: { item: AdminComplaintItem }) {
  const { t } = useAdminText();
  if (item.status === 'answered')
    return <ToneBadge color="teal">{t('complaints.statuses.answered')}</ToneBadge>;
  const left = item.workingDaysLeft ?? 0;
  if (item.overdue)
    return <ToneBadge color="red">{t('complaints.overdueBy', { count: -left })}</ToneBadge>;
  return (
    <ToneBadge color={left <= 3 ? 'orange' : 'yellow'}>
      {left === 0 ? t('complaints.dueToday') : t('complaints.dueIn', { count: left })}
    </ToneBadge>
  );
}

function useColumns(): AdminColumn<AdminComplaintItem>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  return [
    {
      key: 'number',
      header: t('complaints.number'),
      render: (row) => (
        <Anchor component={Link} to={paths.adminComplaint.href(row.id)} fw={600}>
          {row.number}
        </Anchor>
      ),
    },
    {
      key: 'filed',
      header: t('complaints.filed'),
      render: (row) => formatDate(row.filedAt.slice(0, 10), language),
    },
    {
      key: 'consumer',
      header: t('complaints.consumer'),
      render: (row) => <TwoLines main={row.consumerName} sub={t(`complaints.kinds.${row.kind}`)} />,
    },
    {
      key: 'due',
      header: t('complaints.due'),
      render: (row) => (
        <div>
          <Text size="sm">{formatDate(row.dueDate, language)}</Text>
          <DueBadge item={row} />
        </div>
      ),
    },
  ];
}
