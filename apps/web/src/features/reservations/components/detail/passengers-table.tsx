import type { BookingDetail } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { DetailTable } from './detail-table.tsx';

/** Passengers by type: how many and what they cost. */
export function PassengersTable({ rows }: { rows: BookingDetail['passanger'] }) {
  const { t } = useTranslation();
  return (
    <DetailTable
      name="passengers"
      rows={rows}
      rowKey={(row) => row.type}
      columns={[
        { header: t('bookingDetail.passengerType'), value: (row) => row.type },
        { header: t('bookingDetail.quantity'), kind: 'count', value: (row) => row.quantity },
        { header: t('bookingDetail.total'), kind: 'money', value: (row) => row.total },
      ]}
    />
  );
}
