import type { Language } from '@cusco/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../../components/data-table.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { Section } from './section.tsx';

/**
 * A column of the booking detail's tables, by what its cells hold: text as it is (the default),
 * an observation ('—' when empty), a date, a count or an amount (counts and amounts to the right).
 */
export type DetailColumn<Row> = { header: string } & (
  | { kind?: 'text'; value(row: Row): string | number }
  | { kind: 'observation' | 'date'; value(row: Row): string }
  | { kind: 'count' | 'money'; value(row: Row): number }
);

function toColumn<Row>(column: DetailColumn<Row>, language: Language): Column<Row> {
  const { header } = column;
  const of = (render: Column<Row>['render'], align?: 'right') => ({
    key: header,
    header,
    render,
    align,
  });
  switch (column.kind) {
    case 'observation':
      return of((row) => column.value(row) || '—');
    case 'date':
      return of((row) => formatDate(column.value(row), language));
    case 'count':
      return of((row) => column.value(row), 'right');
    case 'money':
      return of((row) => formatMoney(column.value(row), language), 'right');
    default:
      return of((row) => column.value(row));
  }
}

interface TableProps<Row> {
  rows: Row[];
  rowKey(row: Row, index: number): string;
  columns: DetailColumn<Row>[];
}

/** A table of the booking detail, named by the heading `labelledBy`; a closing row when given. */
export function DetailRows<Row>({
  labelledBy,
  rows,
  rowKey,
  columns,
  footer,
}: TableProps<Row> & {
  labelledBy: string;
  footer?: { label: string; value: ReactNode };
}) {
  const language = useLanguage();
  return (
    <DataTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={rowKey}
      columns={columns.map((column) => toColumn(column, language))}
      footer={footer}
    />
  );
}

/** The booking detail's tables, by their heading's key (`bookingDetail.{key}`) and their id. */
const tableIds = {
  passengers: 'detail-passengers',
  included: 'detail-included',
  hotels: 'detail-hotels',
  additionalServices: 'detail-services',
  otherTours: 'detail-other-tours',
  summary: 'detail-summary',
} as const;

/**
 * A section of the booking detail holding one of its tables, closed at first on a phone under
 * its heading (the tables are long); nothing at all when it has no rows and nothing after them.
 */
export function DetailTable<Row>({
  name,
  children,
  ...table
}: TableProps<Row> & {
  name: keyof typeof tableIds;
  /** What follows the table in the section. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (table.rows.length === 0 && !children) return null;
  const id = tableIds[name];
  return (
    <Section id={id} title={t(`bookingDetail.${name}`)} collapsible>
      <DetailRows labelledBy={id} {...table} />
      {children}
    </Section>
  );
}
