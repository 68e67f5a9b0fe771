import { PageTitle } from '../../../components/page-title.tsx';
import { useDepartures } from '../api/admin-api.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { useDepartureColumns } from '../components/departure-columns.tsx';
import { DateRangeFilter, FilterBar, SearchFilter } from '../components/filters.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

const filterKeys = ['from', 'to', 'tour'] as const;

/** #/admin/departures: each tour and date with bookings, with who is booked, paid and complete. */
export function DeparturesPage() {
  const { t } = useAdminText();
  const url = useUrlState(filterKeys);
  const departures = useDepartures(url.query);
  const columns = useDepartureColumns();
  return (
    <>
      <PageTitle title={t('departures.title')} />
      <FilterBar label={t('filters')}>
        <DateRangeFilter
          from={url.values.from}
          to={url.values.to}
          labels={{ from: t('from'), to: t('to') }}
          onChange={url.set}
        />
        <SearchFilter
          label={t('departures.tour')}
          value={url.values.tour}
          onChange={(value) => url.set('tour', value)}
        />
      </FilterBar>
      <AdminTable
        caption={t('departures.title')}
        columns={columns}
        rows={departures.data}
        rowKey={(row) => `${row.tourCode}/${row.date}`}
        loading={departures.isFetching}
        error={departures.error}
        onRetry={() => void departures.refetch()}
        empty={t('departures.empty')}
      />
    </>
  );
}
