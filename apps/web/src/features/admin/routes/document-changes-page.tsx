import { type AdminDocumentChange, documentChangeStatuses } from '@cusco/shared';
import { Anchor, Button, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useDocumentChangeQueue } from '../api/document-changes-api.ts';
import { AdminList } from '../components/admin-list.tsx';
import type { AdminColumn } from '../components/admin-table.tsx';
import {
  changedFields,
  DocumentChangeModal,
  documentChangeColors,
  useValueLabel,
} from '../components/document-changes/document-change-modal.tsx';
import { FilterBar, SearchFilter } from '../components/filters.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/document-changes (issue 29): the changes of locked travellers' passports or last names
 * that customers asked for, those waiting first and the oldest of them first; Review opens one
 * (both scans, Confirm with the new permit's reference, Refuse with a reason).
 */
export function DocumentChangesPage() {
  const { t } = useAdminText();
  const url = useUrlState(['status', 'booking']);
  const [reviewing, setReviewing] = useState<AdminDocumentChange | null>(null);
  const list = useDocumentChangeQueue(url.query, url.page);
  return (
    <>
      <PageTitle title={t('docChange.title')} />
      <Text size="sm" mb="md" maw={720}>
        {t('docChange.intro')}
      </Text>
      <FilterBar label={t('filters')}>
        <Select
          label={t('docChange.status')}
          value={url.values.status ?? ''}
          data={[
            { value: '', label: t('docChange.statuses.requested') },
            ...documentChangeStatuses
              .filter((status) => status !== 'requested')
              .map((status) => ({ value: status, label: t(`docChange.statuses.${status}`) })),
            { value: 'all', label: t('docChange.statuses.all') },
          ]}
          onChange={(value) => url.set('status', value ?? '')}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
        <SearchFilter
          label={t('docChange.booking')}
          value={url.values.booking ?? ''}
          onChange={(value) => url.set('booking', value)}
        />
      </FilterBar>
      <AdminList
        section="docChange"
        url={url}
        list={list}
        columns={useColumns(setReviewing)}
        rowKey={(row) => row.id}
      />
      <DocumentChangeModal request={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

function useColumns(
  review: (request: AdminDocumentChange) => void,
): AdminColumn<AdminDocumentChange>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  const label = useValueLabel();
  return [
    {
      key: 'asked',
      header: t('docChange.asked'),
      render: (row) => formatDate(row.createdAt.slice(0, 10), language),
    },
    {
      key: 'booking',
      header: t('booking'),
      render: (row) => (
        <TwoLines
          main={
            <Anchor component={Link} to={paths.adminBooking.href(row.bookingCode)}>
              {row.bookingCode}
            </Anchor>
          }
          sub={`${formatDate(row.travelDate, language)} · ${row.tourName}`}
        />
      ),
    },
    {
      key: 'passenger',
      header: t('docChange.passenger'),
      render: (row) => <TwoLines main={row.passengerName} sub={row.customerEmail} />,
    },
    {
      key: 'change',
      header: t('docChange.change'),
      render: (row) => (
        <>
          {changedFields(row).map((field) => (
            <Text size="sm" key={field}>
              {t(`docChange.fields.${field}`)}: {label(field, row.previous[field])} →{' '}
              <strong>{label(field, row.changes[field])}</strong>
            </Text>
          ))}
        </>
      ),
    },
    {
      key: 'fee',
      header: t('docChange.fee'),
      align: 'right',
      render: (row) => formatMoney(row.fee, language),
    },
    {
      key: 'status',
      header: t('docChange.status'),
      render: (row) => (
        <ToneBadge color={documentChangeColors[row.status]}>
          {t(`docChange.statuses.${row.status}`)}
        </ToneBadge>
      ),
    },
    {
      key: 'action',
      header: t('actions'),
      render: (row) => (
        <Button
          size="xs"
          variant={row.status === 'requested' ? 'filled' : 'default'}
          onClick={() => review(row)}
          aria-label={t('docChange.reviewFor', { name: row.passengerName, code: row.bookingCode })}
        >
          {t('docChange.review')}
        </Button>
      ),
    },
  ];
}
