import type { AdminDashboard } from '@cusco/shared';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { useDashboard } from '../api/admin-api.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { useBookingColumns } from '../components/booking-columns.tsx';
import { useDepartureColumns } from '../components/departure-columns.tsx';
import { NewBookingLink } from '../components/desk/new-booking-link.tsx';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin: the queue first. Requests waiting (oldest first), the next 14 days' departures with
 * their completeness, refunds due, and unpaid balances of bookings travelling within 30 days.
 */
export function DashboardPage() {
  const { t } = useAdminText();
  const dashboard = useDashboard();
  const bookingColumns = useBookingColumns().filter((column) => column.key !== 'createdAt');
  const departureColumns = useDepartureColumns();
  const data = dashboard.data;
  if (dashboard.error)
    return <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const bookingPanels = [
    {
      title: t('dashboard.refundsDue'),
      rows: data?.refundsDue,
      empty: t('dashboard.noRefunds'),
      link: {
        to: `${paths.adminBookings.href()}?status=refund_due`,
        label: t('dashboard.allRefunds'),
      },
    },
    { title: t('dashboard.unpaidSoon'), rows: data?.unpaidSoon, empty: t('dashboard.noUnpaid') },
  ];
  return (
    <>
      <PageTitle title={t('dashboard.title')}>
        <NewBookingLink />
      </PageTitle>
      <Stack gap="xl">
        <Panel
          title={t('dashboard.waiting', { count: data?.waitingRequests.count ?? 0 })}
          link={{ to: paths.adminRequests.href(), label: t('dashboard.allRequests') }}
        >
          {data && data.waitingRequests.oldest.length === 0 && (
            <Text c="dimmed">{t('dashboard.noneWaiting')}</Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data?.waitingRequests.oldest.map((request) => (
              <WaitingRequest key={request.id} request={request} />
            ))}
          </SimpleGrid>
        </Panel>
        <Panel
          title={t('dashboard.departures')}
          link={{ to: paths.adminDepartures.href(), label: t('dashboard.allDepartures') }}
        >
          <AdminTable
            caption={t('dashboard.departures')}
            columns={departureColumns}
            rows={data?.departures}
            rowKey={(row) => `${row.tourCode}/${row.date}`}
            query={dashboard}
            empty={t('departures.empty')}
          />
        </Panel>
        {bookingPanels.map((panel) => (
          <Panel key={panel.title} title={panel.title} link={panel.link}>
            <AdminTable
              caption={panel.title}
              columns={bookingColumns}
              rows={panel.rows}
              rowKey={(row) => row.code}
              query={dashboard}
              empty={panel.empty}
            />
          </Panel>
        ))}
      </Stack>
    </>
  );
}

/** A request waiting for an answer: what it asks, whose booking it is, and for how long. */
function WaitingRequest({
  request,
}: {
  request: AdminDashboard['waitingRequests']['oldest'][number];
}) {
  const { t } = useAdminText();
  return (
    <Card withBorder padding="sm">
      <Text fw={600}>{request.name}</Text>
      <Text size="sm" c="dimmed">
        {request.customerName} ·{' '}
        {/* Underlined: in a line of text, a link is told apart by more than its colour. */}
        <Anchor
          component={Link}
          to={paths.adminBooking.href(request.bookingCode)}
          underline="always"
        >
          {request.bookingCode}
        </Anchor>
      </Text>
      <Text size="sm">{t('requests.waitingFor', { count: request.ageDays })}</Text>
    </Card>
  );
}

function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </section>
  );
}
