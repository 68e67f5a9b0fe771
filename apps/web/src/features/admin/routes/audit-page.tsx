import { useAuditTrail } from '../api/admin-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import { useAuditColumns } from '../components/audit-columns.tsx';
import { useUrlState } from '../components/url-state.ts';

/** #/admin/audit: every staff action, newest first, by booking or by staff member. */
export function AuditPage() {
  const url = useUrlState(['booking', 'user']);
  return (
    <ListScreen
      section="audit"
      filters={[{ search: 'booking' }, { search: 'user' }]}
      url={url}
      list={useAuditTrail(url.query, url.page)}
      columns={useAuditColumns()}
      rowKey={(row) => row.id}
    />
  );
}
