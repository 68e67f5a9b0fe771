import type { AdminDeparture } from '@cusco/shared';
import { Anchor, Progress, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAdminText } from '../i18n.ts';
import { type AdminColumn, tourColumn } from './admin-table.tsx';

/** The columns of a list of departures (this screen and the dashboard). */
export function useDepartureColumns(): AdminColumn<AdminDeparture>[] {
  const { t } = useAdminText();
  const language = useLanguage();
  return [
    {
      key: 'date',
      sort: 'date',
      header: t('date'),
      render: (row) => (
        <Anchor component={Link} to={paths.adminManifest.href(row.tourCode, row.date)} fw={600}>
          {formatDate(row.date, language)}
        </Anchor>
      ),
    },
    tourColumn(t('tour'), (row) => t('departures.bookings', { count: row.bookings })),
    {
      key: 'passengers',
      sort: 'passengers',
      header: t('departures.passengers'),
      align: 'right',
      render: (row) => row.passengers,
    },
    {
      key: 'paid',
      header: t('departures.paid'),
      align: 'right',
      render: (row) => row.paidPassengers,
    },
    {
      key: 'complete',
      sort: 'complete',
      header: t('departures.complete'),
      render: (row) => (
        <>
          <Text size="sm">
            {t('departures.completeOf', { complete: row.complete, total: row.passengers })}
          </Text>
          <Progress
            value={row.passengers ? (row.complete / row.passengers) * 100 : 0}
            size="sm"
            aria-hidden
          />
        </>
      ),
    },
    {
      key: 'crew',
      header: t('crew.column'),
      align: 'right',
      render: (row) => row.crew,
    },
    {
      key: 'debt',
      header: t('debt'),
      align: 'right',
      render: (row) => formatMoney(row.debt, language),
    },
  ];
}
