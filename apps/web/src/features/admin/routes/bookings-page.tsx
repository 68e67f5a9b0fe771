import { adminBookingStatuses } from '@cusco/shared';
import { PageTitle } from '../../../components/page-title.tsx';
import { ADMIN_PAGE_SIZE, useAdminBookings } from '../api/admin-api.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { useBookingColumns } from '../components/booking-columns.tsx';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../components/filters.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

const filterKeys = ['q', 'tour', 'from', 'to', 'status', 'sort'] as const;

/** #/admin/bookings: every booking, searched by code, customer, tour, dates and money status. */
export function BookingsPage() {
  const { t } = useAdminText();
  const url = useUrlState(filterKeys);
  const bookings = useAdminBookings(url.query, url.page);
  const columns = useBookingColumns();
  return (
    <>
      <PageTitle title={t('bookings.title')} />
      <FilterBar label={t('filters')}>
        <SearchFilter
          label={t('bookings.search')}
          value={url.values.q}
          onChange={(value) => url.set('q', value)}
        />
        <SearchFilter
          label={t('bookings.tour')}
          value={url.values.tour}
          onChange={(value) => url.set('tour', value)}
        />
        <DateRangeFilter
          from={url.values.from}
          to={url.values.to}
          labels={{ from: t('from'), to: t('to') }}
          onChange={url.set}
        />
        <SelectFilter
          label={t('bookings.status')}
          value={url.values.status}
          data={adminBookingStatuses.map((status) => ({
            value: status,
            label: t(`status.${status}`),
          }))}
          allLabel={t('all')}
          onChange={(value) => url.set('status', value)}
        />
      </FilterBar>
      <AdminTable
        caption={t('bookings.title')}
        columns={columns}
        rows={bookings.data?.items}
        rowKey={(row) => row.code}
        loading={bookings.isFetching}
        error={bookings.error}
        onRetry={() => void bookings.refetch()}
        empty={t('bookings.empty')}
        sort={{
          value: url.values.sort || '-createdAt',
          onChange: (value) => url.set('sort', value),
        }}
        pages={{
          page: url.page,
          total: bookings.data?.total ?? 0,
          pageSize: ADMIN_PAGE_SIZE,
          onChange: url.setPage,
        }}
      />
    </>
  );
}
