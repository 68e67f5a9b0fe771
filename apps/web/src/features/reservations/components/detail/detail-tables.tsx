import type { BookingDetail } from '@cusco/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DetailColumn, DetailTable } from './detail-table.tsx';

/** A service or another tour bought. */
interface ServiceLine {
  id: string;
  buyDate: string;
  productName: string;
  price: number;
  quantity: number;
  total: number;
}

/** The row of each of the booking detail's tables. */
interface TableRows {
  passengers: BookingDetail['passanger'][number];
  included: BookingDetail['includeServices'][number];
  hotels: BookingDetail['hotels'][number];
  additionalServices: ServiceLine;
  otherTours: ServiceLine;
  summary: BookingDetail['resume'][number];
}

type TableName = keyof TableRows;

/**
 * A table of the booking detail: its rows, their key, and its columns (each heading by its key
 * under `bookingDetail`).
 */
interface TableOf<Row> {
  rows(detail: BookingDetail): Row[];
  rowKey(row: Row, index: number): string;
  columns: DetailColumn<Row>[];
}

/** The services or other tours bought: date, product, price, quantity and total. */
const serviceLines: Omit<TableOf<ServiceLine>, 'rows'> = {
  rowKey: (row) => row.id,
  columns: [
    { header: 'buyDate', kind: 'date', value: (row) => row.buyDate },
    { header: 'product', value: (row) => row.productName },
    { header: 'price', kind: 'money', value: (row) => row.price },
    { header: 'quantity', kind: 'count', value: (row) => row.quantity },
    { header: 'total', kind: 'money', value: (row) => row.total },
  ],
};

/** A numbered list, keyed by its numbers: the number, then the given columns. */
function numbered<Row extends { number: number }>(
  rows: (detail: BookingDetail) => Row[],
  ...columns: DetailColumn<Row>[]
): TableOf<Row> {
  return {
    rows,
    rowKey: (row) => String(row.number),
    columns: [{ header: 'number', value: (row) => row.number }, ...columns],
  };
}

/** The booking detail's tables, by name (the key of their section's heading). */
const tables: { [Name in TableName]: TableOf<TableRows[Name]> } = {
  /** Passengers by type: how many and what they cost. */
  passengers: {
    rows: (detail) => detail.passanger,
    rowKey: (row) => row.type,
    columns: [
      { header: 'passengerType', value: (row) => row.type },
      { header: 'quantity', kind: 'count', value: (row) => row.quantity },
      { header: 'total', kind: 'money', value: (row) => row.total },
    ],
  },
  /** The services included in the tour. */
  included: numbered(
    (detail) => detail.includeServices,
    { header: 'service', value: (row) => row.name },
    { header: 'observation', kind: 'observation', value: (row) => row.observation },
  ),
  /** The hotel nights booked. */
  hotels: {
    rows: (detail) => detail.hotels,
    rowKey: (row, index) => `${row.hotelroom}-${index}`,
    columns: [
      { header: 'date', kind: 'date', value: (row) => row.date },
      { header: 'hotelRoom', value: (row) => row.hotelroom },
      { header: 'cost', kind: 'money', value: (row) => row.cost },
      { header: 'rooms', kind: 'count', value: (row) => row.amount },
      { header: 'nights', kind: 'count', value: (row) => row.nights },
      { header: 'total', kind: 'money', value: (row) => row.total },
    ],
  },
  additionalServices: {
    rows: (detail) =>
      detail.additionalServices.map(({ PRICE, ...line }) => ({ ...line, price: PRICE })),
    ...serviceLines,
  },
  otherTours: { rows: (detail) => detail.otherTours, ...serviceLines },
  /** The tour summary and its observations. */
  summary: numbered(
    (detail) => detail.resume,
    { header: 'tour', value: (row) => row.tour },
    { header: 'observations', kind: 'observation', value: (row) => row.observations },
  ),
};

/**
 * One of the booking detail's tables, under its heading, with what follows it in its section;
 * nothing when it has no rows and nothing after them.
 */
export function BookingTable<Name extends TableName>({
  name,
  detail,
  children,
}: {
  name: Name;
  detail: BookingDetail;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const table: TableOf<TableRows[Name]> = tables[name];
  return (
    <DetailTable
      name={name}
      rows={table.rows(detail)}
      rowKey={table.rowKey}
      columns={table.columns.map((column) => ({
        ...column,
        header: t(`bookingDetail.${column.header}`),
      }))}
    >
      {children}
    </DetailTable>
  );
}
