import type { Language } from '@cusco/shared';
import type { ReactNode } from 'react';
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

/** A titled section of the booking detail holding a table; `optional`: nothing when empty. */
export function DetailTable<Row>({
  id,
  title,
  optional = false,
  collapsible = false,
  children,
  ...table
}: TableProps<Row> & {
  id: string;
  title: string;
  optional?: boolean;
  /** On a phone, closed at first under its heading (a long table). */
  collapsible?: boolean;
  /** What follows the table in the section. */
  children?: ReactNode;
}) {
  if (optional && table.rows.length === 0) return null;
  return (
    <Section id={id} title={title} collapsible={collapsible}>
      <DetailRows labelledBy={id} {...table} />
      {children}
    </Section>
  );
}
