import { type AdminTourListItem, adminTourActiveFilters } from '@cusco/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { TwoLines } from '../../../components/data-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { ADMIN_PAGE_SIZE } from '../api/admin-api.ts';
import { useAdminTours } from '../api/catalogue-api.ts';
import { type AdminColumn, AdminTable } from '../components/admin-table.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filters.tsx';
import { ToneBadge } from '../components/status-badge.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

const filterKeys = ['q', 'active'] as const;

/** #/admin/tours: the catalogue, offered or not, searched by code or name; each opens its editor. */
export function ToursPage() {
  const { t } = useAdminText();
  const language = useLanguage();
  const url = useUrlState(filterKeys);
  const tours = useAdminTours(url.query, url.page);
  const columns: AdminColumn<AdminTourListItem>[] = [
    {
      key: 'tour',
      header: t('tour'),
      render: (row) => (
        <TwoLines
          main={
            <Anchor component={Link} to={paths.adminTour.href(row.code)} fw={600}>
              {row.name}
            </Anchor>
          }
          sub={`${row.code} · ${row.family}`}
        />
      ),
    },
    {
      key: 'length',
      header: t('catalogue.length'),
      render: (row) => t('catalogue.daysNights', { days: row.days, nights: row.nights }),
    },
    {
      key: 'from',
      header: t('catalogue.fromPrice'),
      align: 'right',
      render: (row) => (row.fromPrice === null ? '—' : formatMoney(row.fromPrice, language)),
    },
    {
      key: 'active',
      header: t('catalogue.status'),
      render: (row) => (
        <ToneBadge color={row.active ? 'teal' : 'gray'}>
          {t(row.active ? 'catalogue.offered' : 'catalogue.notOffered')}
        </ToneBadge>
      ),
    },
  ];
  return (
    <>
      <PageTitle title={t('catalogue.title')} />
      <FilterBar label={t('filters')}>
        <SearchFilter
          label={t('catalogue.search')}
          value={url.values.q}
          onChange={(value) => url.set('q', value)}
        />
        <SelectFilter
          label={t('catalogue.status')}
          value={url.values.active}
          data={adminTourActiveFilters
            .filter((value) => value !== 'all')
            .map((value) => ({ value, label: t(`catalogue.filter.${value}`) }))}
          allLabel={t('all')}
          onChange={(value) => url.set('active', value)}
        />
      </FilterBar>
      <AdminTable
        caption={t('catalogue.title')}
        columns={columns}
        rows={tours.data?.items}
        rowKey={(row) => row.code}
        loading={tours.isFetching}
        error={tours.error}
        onRetry={() => void tours.refetch()}
        empty={t('catalogue.empty')}
        pages={{
          page: url.page,
          total: tours.data?.total ?? 0,
          pageSize: ADMIN_PAGE_SIZE,
          onChange: url.setPage,
        }}
      />
    </>
  );
}
