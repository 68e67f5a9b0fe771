import {
  Anchor,
  Center,
  Group,
  Loader,
  Pagination,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TableRows, TwoLines } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAdminText } from '../i18n.ts';

export interface AdminColumn<Row> {
  key: string;
  header: string;
  render(row: Row): ReactNode;
  align?: 'left' | 'right';
  /** The API's sort key of this column, when the list can be sorted by it. */
  sort?: string;
}

/** A tour column: the tour's name, and under it its code and what `more` says of the row. */
export function tourColumn<Row extends { tour: string; tourCode: string }>(
  header: string,
  more: (row: Row) => string,
): AdminColumn<Row> {
  return {
    key: 'tour',
    header,
    render: (row) => <TwoLines main={row.tour} sub={`${row.tourCode} · ${more(row)}`} />,
  };
}

/** A column of when the row was written, dated and timed in the reader's language. */
export function useWhenColumn<Row extends { createdAt: string }>(header: string): AdminColumn<Row> {
  const language = useLanguage();
  const when = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-PE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return { key: 'when', header, render: (row) => when.format(new Date(row.createdAt)) };
}

/** A column of the row's booking: its code, a link to the booking's screen ('—' without one). */
export function bookingColumn<Row extends { bookingCode: string | null }>(
  header: string,
): AdminColumn<Row> {
  return {
    key: 'booking',
    header,
    render: (row) =>
      row.bookingCode ? (
        <Anchor component={Link} to={paths.adminBooking.href(row.bookingCode)} size="sm">
          {row.bookingCode}
        </Anchor>
      ) : (
        '—'
      ),
  };
}

/** The sort of a list: a key, descending when it starts with '-'. */
export interface SortState {
  value: string;
  onChange(value: string): void;
}

/** What a table shows while its rows load or fail: a query's state (TanStack Query's names). */
export interface TableQuery {
  isFetching: boolean;
  error: unknown;
  refetch(): unknown;
}

/** The pages under a table. */
export interface TablePages {
  page: number;
  total: number;
  pageSize: number;
  onChange(page: number): void;
}

export interface AdminTableProps<Row> {
  caption: string;
  columns: AdminColumn<Row>[];
  rows: Row[] | undefined;
  rowKey(row: Row): string;
  /** The query the rows come from; none for rows already at hand. */
  query?: TableQuery;
  empty: string;
  sort?: SortState;
  pages?: TablePages;
}

/**
 * The back office's table: sortable headers (buttons that say their order to screen readers),
 * a loader, an empty state, an error with Retry, and pages under it. It scrolls sideways on a
 * phone instead of squeezing the columns.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  query,
  empty,
  sort,
  pages,
}: AdminTableProps<Row>) {
  const { t } = useAdminText();
  const loading = query?.isFetching ?? false;
  if (query?.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (loading && !rows) {
    return (
      <Center py="xl" role="status" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  }
  const pageCount = pages ? Math.max(1, Math.ceil(pages.total / pages.pageSize)) : 1;
  return (
    <>
      {/* A wide table scrolls sideways on a phone: its viewport can be focused and scrolled with the keyboard. */}
      <Table.ScrollContainer
        minWidth={720}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
        }}
      >
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <TableRows columns={columns} rows={rows ?? []} rowKey={rowKey} />
        </Table>
      </Table.ScrollContainer>
      {rows?.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" role="status">
          {empty}
        </Text>
      )}
      {pages && pageCount > 1 && (
        <Group justify="space-between" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('table.count', { total: pages.total })}
          </Text>
          <Pagination
            total={pageCount}
            value={pages.page}
            onChange={pages.onChange}
            getControlProps={(control) => ({
              'aria-label': t(`table.${control}`),
            })}
            getItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
          />
        </Group>
      )}
    </>
  );
}

function HeaderCell<Row>({ column, sort }: { column: AdminColumn<Row>; sort?: SortState }) {
  const { t } = useAdminText();
  if (!(column.sort && sort)) {
    return <Table.Th ta={column.align ?? 'left'}>{column.header}</Table.Th>;
  }
  const ascending = sort.value === column.sort;
  const descending = sort.value === `-${column.sort}`;
  const Icon = ascending ? IconArrowUp : descending ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      ta={column.align ?? 'left'}
      aria-sort={ascending ? 'ascending' : descending ? 'descending' : 'none'}
    >
      <UnstyledButton
        onClick={() => sort.onChange(ascending ? `-${column.sort}` : (column.sort as string))}
        fw={700}
        fz="sm"
        aria-label={t('table.sortBy', { column: column.header })}
      >
        <Group gap={4} wrap="nowrap">
          {column.header}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
