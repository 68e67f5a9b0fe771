import type { BookingDetail } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { Section } from './section.tsx';
import { ServiceLines } from './service-lines.tsx';

/** The services included in the tour; nothing when there are none. */
export function IncludedServices({ rows }: { rows: BookingDetail['includeServices'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Section id="detail-included" title={t('bookingDetail.included')}>
      <DataTable
        labelledBy="detail-included"
        rows={rows}
        rowKey={(row) => String(row.number)}
        columns={[
          { key: 'number', header: t('bookingDetail.number'), render: (row) => row.number },
          { key: 'name', header: t('bookingDetail.service'), render: (row) => row.name },
          {
            key: 'observation',
            header: t('bookingDetail.observation'),
            render: (row) => row.observation || '—',
          },
        ]}
      />
    </Section>
  );
}

/** The hotel nights booked; nothing when there are none. */
export function HotelStays({ rows }: { rows: BookingDetail['hotels'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  if (rows.length === 0) return null;
  return (
    <Section id="detail-hotels" title={t('bookingDetail.hotels')}>
      <DataTable
        labelledBy="detail-hotels"
        rows={rows}
        rowKey={(row, index) => `${row.hotelroom}-${index}`}
        columns={[
          {
            key: 'date',
            header: t('bookingDetail.date'),
            render: (row) => formatDate(row.date, language),
          },
          { key: 'room', header: t('bookingDetail.hotelRoom'), render: (row) => row.hotelroom },
          {
            key: 'cost',
            header: t('bookingDetail.cost'),
            render: (row) => money(row.cost),
            align: 'right',
          },
          {
            key: 'rooms',
            header: t('bookingDetail.rooms'),
            render: (row) => row.amount,
            align: 'right',
          },
          {
            key: 'nights',
            header: t('bookingDetail.nights'),
            render: (row) => row.nights,
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

/** The additional services bought; nothing when there are none. */
export function AdditionalServices({ rows }: { rows: BookingDetail['additionalServices'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Section id="detail-services" title={t('bookingDetail.additionalServices')}>
      <ServiceLines
        labelledBy="detail-services"
        rows={rows.map(({ PRICE, ...line }) => ({
          ...line,
          price: PRICE,
        }))}
      />
    </Section>
  );
}

/** The other tours bought; nothing when there are none. */
export function OtherTours({ rows }: { rows: BookingDetail['otherTours'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Section id="detail-other-tours" title={t('bookingDetail.otherTours')}>
      <ServiceLines labelledBy="detail-other-tours" rows={rows} />
    </Section>
  );
}
