import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ADMIN_PAGE_SIZE } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { type AdminColumn, AdminTable, type TableQuery } from './admin-table.tsx';
import { type FilterField, Filters } from './filters.tsx';
import type { ListUrl } from './url-state.ts';

/**
 * A list screen's table: its caption and empty text are the screen's own (`{section}.title`,
 * `{section}.empty`), its rows a page of the query's answer (or the rows given, paged on the
 * page), its page and sort kept in the URL.
 */
export function AdminList<Row>({
  section,
  url,
  list,
  rows,
  columns,
  rowKey,
  defaultSort,
}: {
  section: string;
  url: ListUrl;
  list: TableQuery & { data?: { items: Row[]; total: number } | Row[] };
  /** The page's rows when the page sorts and pages them itself (the query gave them all). */
  rows?: Row[];
  columns: AdminColumn<Row>[];
  rowKey(row: Row): string;
  /** Sortable by its columns, starting with this sort. */
  defaultSort?: string;
}) {
  const { t } = useAdminText();
  const data = list.data;
  const total = Array.isArray(data) ? data.length : (data?.total ?? 0);
  const sort = url.values.sort || defaultSort;
  return (
    <AdminTable
      caption={t(`${section}.title`)}
      columns={columns}
      rows={rows ?? (Array.isArray(data) ? data : data?.items)}
      rowKey={rowKey}
      query={list}
      empty={t(`${section}.empty`)}
      sort={sort ? { value: sort, onChange: (value) => url.set('sort', value) } : undefined}
      pages={{ page: url.page, total, pageSize: ADMIN_PAGE_SIZE, onChange: url.setPage }}
    />
  );
}

/**
 * A list screen of the back office: its title (and the actions beside it), its filters, and
 * the list.
 */
export function ListScreen<Row>({
  actions,
  intro,
  filters,
  ...list
}: Parameters<typeof AdminList<Row>>[0] & {
  filters: FilterField[];
  actions?: ReactNode;
  /** What the screen says before its filters. */
  intro?: ReactNode;
}) {
  const { t } = useAdminText();
  return (
    <>
      <PageTitle title={t(`${list.section}.title`)}>{actions}</PageTitle>
      {intro}
      <Filters section={list.section} url={list.url} fields={filters} />
      <AdminList {...list} />
    </>
  );
}
