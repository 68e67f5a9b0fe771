import type { BookingDetail } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { Section } from './section.tsx';

/** Passengers by type: how many and what they cost. */
export function PassengersTable({ rows }: { rows: BookingDetail['passanger'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  return (
    <Section id="detail-passengers" title={t('bookingDetail.passengers')}>
      <DataTable
        labelledBy="detail-passengers"
        rows={rows}
        rowKey={(row) => row.type}
        columns={[
          { key: 'type', header: t('bookingDetail.passengerType'), render: (row) => row.type },
          {
            key: 'quantity',
            header: t('bookingDetail.quantity'),
            render: (row) => row.quantity,
            align: 'right',
          },
          {
            key: 'total',
            header: t('bookingDetail.total'),
            render: (row) => money(row.total),
            align: 'right',
          },
        ]}
      />
    </Section>
  );
}
