import type { BookingDetail } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { DetailTable } from './detail-table.tsx';

/** The services included in the tour; nothing when there are none. */
export function IncludedServices({ rows }: { rows: BookingDetail['includeServices'] }) {
  const { t } = useTranslation();
  return (
    <DetailTable
      name="included"
      rows={rows}
      rowKey={(row) => String(row.number)}
      columns={[
        { header: t('bookingDetail.number'), value: (row) => row.number },
        { header: t('bookingDetail.service'), value: (row) => row.name },
        {
          header: t('bookingDetail.observation'),
          kind: 'observation',
          value: (row) => row.observation,
        },
      ]}
    />
  );
}

/** The hotel nights booked; nothing when there are none. */
export function HotelStays({ rows }: { rows: BookingDetail['hotels'] }) {
  const { t } = useTranslation();
  return (
    <DetailTable
      name="hotels"
      rows={rows}
      rowKey={(row, index) => `${row.hotelroom}-${index}`}
      columns={[
        { header: t('bookingDetail.date'), kind: 'date', value: (row) => row.date },
        { header: t('bookingDetail.hotelRoom'), value: (row) => row.hotelroom },
        { header: t('bookingDetail.cost'), kind: 'money', value: (row) => row.cost },
        { header: t('bookingDetail.rooms'), kind: 'count', value: (row) => row.amount },
        { header: t('bookingDetail.nights'), kind: 'count', value: (row) => row.nights },
        { header: t('bookingDetail.total'), kind: 'money', value: (row) => row.total },
      ]}
    />
  );
}

/** A service or another tour bought. */
interface ServiceLine {
  id: string;
  buyDate: string;
  productName: string;
  price: number;
  quantity: number;
  total: number;
}

/** The services or other tours bought: date, product, price, quantity and total; none: nothing. */
function ServiceLines({
  name,
  rows,
}: {
  name: 'additionalServices' | 'otherTours';
  rows: ServiceLine[];
}) {
  const { t } = useTranslation();
  return (
    <DetailTable
      name={name}
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { header: t('bookingDetail.buyDate'), kind: 'date', value: (row) => row.buyDate },
        { header: t('bookingDetail.product'), value: (row) => row.productName },
        { header: t('bookingDetail.price'), kind: 'money', value: (row) => row.price },
        { header: t('bookingDetail.quantity'), kind: 'count', value: (row) => row.quantity },
        { header: t('bookingDetail.total'), kind: 'money', value: (row) => row.total },
      ]}
    />
  );
}

/** The additional services bought; nothing when there are none. */
export function AdditionalServices({ rows }: { rows: BookingDetail['additionalServices'] }) {
  const lines = rows.map(({ PRICE, ...line }) => ({ ...line, price: PRICE }));
  return <ServiceLines name="additionalServices" rows={lines} />;
}

/** The other tours bought; nothing when there are none. */
export function OtherTours({ rows }: { rows: BookingDetail['otherTours'] }) {
  return <ServiceLines name="otherTours" rows={rows} />;
}
