import type { AdminIncident } from '@cusco/shared';
import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { ADMIN_PAGE_SIZE, useIncidentChoices, useRequestQueue } from '../api/admin-api.ts';
import { type AdminColumn, AdminTable } from '../components/admin-table.tsx';
import { AnswerModal, canAnswer } from '../components/answer-modal.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filters.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

const filterKeys = ['status', 'type', 'q'] as const;

/** #/admin/requests: the customers' requests, those waiting first and the oldest of them first. */
export function RequestsPage() {
  const { t } = useAdminText();
  const url = useUrlState(filterKeys);
  const queue = useRequestQueue(url.query, url.page);
  const statuses = useIncidentChoices('status');
  const types = useIncidentChoices('types');
  const [answering, setAnswering] = useState<AdminIncident | null>(null);
  const columns = useRequestColumns(setAnswering);
  return (
    <>
      <PageTitle title={t('requests.title')} />
      <FilterBar label={t('filters')}>
        <SearchFilter
          label={t('requests.search')}
          value={url.values.q}
          onChange={(value) => url.set('q', value)}
        />
        <SelectFilter
          label={t('requests.status')}
          value={url.values.status}
          data={statuses.data ?? []}
          allLabel={t('all')}
          onChange={(value) => url.set('status', value)}
        />
        <SelectFilter
          label={t('requests.type')}
          value={url.values.type}
          data={types.data ?? []}
          allLabel={t('all')}
          onChange={(value) => url.set('type', value)}
        />
      </FilterBar>
      <AdminTable
        caption={t('requests.title')}
        columns={columns}
        rows={queue.data?.items}
        rowKey={(row) => row.id}
        loading={queue.isFetching}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        empty={t('requests.empty')}
        pages={{
          page: url.page,
          total: queue.data?.total ?? 0,
          pageSize: ADMIN_PAGE_SIZE,
          onChange: url.setPage,
        }}
      />
      <AnswerModal request={answering} onClose={() => setAnswering(null)} />
    </>
  );
}

function useRequestColumns(answer: (request: AdminIncident) => void): AdminColumn<AdminIncident>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  return [
    {
      key: 'age',
      header: t('requests.age'),
      render: (row) => t('requests.days', { count: row.ageDays }),
    },
    {
      key: 'booking',
      header: t('booking'),
      render: (row) => (
        <Anchor component={Link} to={paths.adminBooking.href(row.bookingCode)}>
          {row.bookingCode}
        </Anchor>
      ),
    },
    {
      key: 'customer',
      header: t('customer'),
      render: (row) => <TwoLines main={row.customerName} sub={row.customerEmail} />,
    },
    {
      key: 'subject',
      header: t('requests.subject'),
      render: (row) => (
        <>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.type} · {formatDate(row.createdAt.slice(0, 10), language)}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('requests.status'),
      render: (row) => (
        <ToneBadge color={canAnswer(row) ? 'orange' : 'gray'}>{row.status}</ToneBadge>
      ),
    },
    {
      key: 'action',
      header: t('actions'),
      render: (row) =>
        canAnswer(row) ? (
          <Button
            size="xs"
            onClick={() => answer(row)}
            aria-label={t('requests.answerFor', { name: row.name, code: row.bookingCode })}
          >
            {t('requests.answer')}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {row.answeredBy ? t('requests.answeredBy', { name: row.answeredBy }) : '—'}
          </Text>
        ),
    },
  ];
}
