import { PageTitle } from '../../../components/page-title.tsx';
import { ADMIN_PAGE_SIZE, useAuditTrail } from '../api/admin-api.ts';
import { AdminTable } from '../components/admin-table.tsx';
import { useAuditColumns } from '../components/audit-columns.tsx';
import { FilterBar, SearchFilter } from '../components/filters.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

const filterKeys = ['booking', 'user'] as const;

/** #/admin/audit: every staff action, newest first, by booking or by staff member. */
export function AuditPage() {
  const { t } = useAdminText();
  const url = useUrlState(filterKeys);
  const trail = useAuditTrail(url.query, url.page);
  const columns = useAuditColumns();
  return (
    <>
      <PageTitle title={t('audit.title')} />
      <FilterBar label={t('filters')}>
        <SearchFilter
          label={t('audit.booking')}
          value={url.values.booking}
          onChange={(value) => url.set('booking', value)}
        />
        <SearchFilter
          label={t('audit.user')}
          value={url.values.user}
          onChange={(value) => url.set('user', value)}
        />
      </FilterBar>
      <AdminTable
        caption={t('audit.title')}
        columns={columns}
        rows={trail.data?.items}
        rowKey={(row) => row.id}
        loading={trail.isFetching}
        error={trail.error}
        onRetry={() => void trail.refetch()}
        empty={t('audit.empty')}
        pages={{
          page: url.page,
          total: trail.data?.total ?? 0,
          pageSize: ADMIN_PAGE_SIZE,
          onChange: url.setPage,
        }}
      />
    </>
  );
}
