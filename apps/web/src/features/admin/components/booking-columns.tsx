import type { AdminBookingRow } from '@cusco/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAdminText } from '../i18n.ts';
import { type AdminColumn, tourColumn } from './admin-table.tsx';
import { ChannelBadge } from './channel-badge.tsx';
import { BookingStatusBadge } from './status-badge.tsx';

/** The columns of a list of bookings (the search, and the dashboard's lists). */
export function useBookingColumns(): AdminColumn<AdminBookingRow>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  return [
    {
      key: 'code',
      header: t('booking'),
      render: (row) => (
        <Anchor component={Link} to={paths.adminBooking.href(row.code)} fw={600}>
          {row.code}
        </Anchor>
      ),
    },
    {
      key: 'travelDate',
      header: t('travelDate'),
      sort: 'travelDate',
      render: (row) => formatDate(row.travelDate, language),
    },
    tourColumn(t('tour'), (row) => t('bookings.passengers', { count: row.passengers })),
    {
      key: 'customer',
      header: t('customer'),
      render: (row) => (
        <TwoLines
          main={row.customerName}
          sub={`${row.corporate ? `${t('bookings.corporate')} · ` : ''}${row.customerEmail}`}
        />
      ),
    },
    { key: 'total', header: t('total'), align: 'right', render: (row) => money(row.total) },
    { key: 'debt', header: t('debt'), align: 'right', render: (row) => money(row.debt) },
    {
      key: 'status',
      header: t('bookings.status'),
      render: (row) => <BookingStatusBadge status={row.status} />,
    },
    {
      key: 'channel',
      header: t('bookings.channel'),
      render: (row) => <ChannelBadge channel={row.channel} reference={row.resellerReference} />,
    },
    {
      key: 'createdAt',
      header: t('bookings.booked'),
      sort: 'createdAt',
      render: (row) => formatDate(row.createdAt.slice(0, 10), language),
    },
  ];
}
