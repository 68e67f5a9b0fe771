import type { AdminIncident } from '@cusco/shared';
import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useIncidentOptions } from '../../../lib/queries/incident-options.ts';
import { useRequestQueue } from '../api/admin-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import type { AdminColumn } from '../components/admin-table.tsx';
import { AnswerModal, canAnswer } from '../components/answer-modal.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/** #/admin/requests: the customers' requests, those waiting first and the oldest of them first. */
export function RequestsPage() {
  const url = useUrlState(['status', 'type', 'q']);
  const statuses = useIncidentOptions('status').data ?? [];
  const types = useIncidentOptions('types').data ?? [];
  const [answering, setAnswering] = useState<AdminIncident | null>(null);
  return (
    <>
      <ListScreen
        section="requests"
        filters={[
          { search: 'q' },
          { select: 'status', data: statuses },
          { select: 'type', data: types },
        ]}
        url={url}
        list={useRequestQueue(url.query, url.page)}
        columns={useRequestColumns(setAnswering)}
        rowKey={(row) => row.id}
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
      render: (row) => t('ops.queue.hours', { count: row.ageHours }),
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
          <Text size="xs" c="dark.5">
            {row.type} · {formatDate(row.createdAt.slice(0, 10), language)}
          </Text>
          <Text
            size="sm"
            mt={4}
            maw={420}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="request-message"
          >
            {row.description || t('requests.noDescription')}
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
