import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';

export interface ServiceLine {
  id: string;
  buyDate: string;
  productName: string;
  price: number;
  quantity: number;
  total: number;
}

/** The services or other tours bought: date, product, price, quantity and total. */
export function ServiceLines({ labelledBy, rows }: { labelledBy: string; rows: ServiceLine[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  return (
    <DataTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        {
          key: 'date',
          header: t('bookingDetail.buyDate'),
          render: (row) => formatDate(row.buyDate, language),
        },
        { key: 'product', header: t('bookingDetail.product'), render: (row) => row.productName },
        {
          key: 'price',
          header: t('bookingDetail.price'),
          render: (row) => money(row.price),
          align: 'right',
        },
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
  );
}
