import type { AdminDeparture } from '@cusco/shared';
import { IconCalendarCog } from '@tabler/icons-react';
import { useState } from 'react';
import { PageAction } from '../../../components/page-title.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { ADMIN_PAGE_SIZE, useDepartures } from '../api/admin-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import { useDepartureColumns } from '../components/departure-columns.tsx';
import { DepartureModal } from '../components/departure-modal.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/** The sorts of the departures (by date, or the least complete first), done on the page. */
const sorts: Record<string, (a: AdminDeparture, b: AdminDeparture) => number> = {
  date: (a, b) => a.date.localeCompare(b.date) || a.tourCode.localeCompare(b.tourCode),
  complete: (a, b) => share(a) - share(b) || a.date.localeCompare(b.date),
  passengers: (a, b) => a.passengers - b.passengers || a.date.localeCompare(b.date),
};
const share = (row: AdminDeparture) => (row.passengers ? row.complete / row.passengers : 1);

/** The rows of a page, in the sort the URL names ("-" for descending). */
function pageOf(rows: AdminDeparture[] | undefined, sort: string, page: number) {
  if (!rows) return undefined;
  const descending = sort.startsWith('-');
  const compare = sorts[sort.replace(/^-/, '')] ?? sorts.date;
  const sorted = rows.toSorted((a, b) => (descending ? -1 : 1) * (compare?.(a, b) ?? 0));
  return sorted.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
}

/** #/admin/departures: each tour and date with bookings, with who is booked, paid and complete. */
export function DeparturesPage() {
  const { t } = useAdminText();
  const url = useUrlState(['from', 'to', 'tour', 'sort']);
  const { from, to, tour } = url.values;
  const departures = useDepartures(
    Object.fromEntries(Object.entries({ from, to, tour }).filter(([, value]) => value)),
  );
  const admin = useSessionUser()?.role === 'admin';
  const [managing, setManaging] = useState(false);
  const manage = (
    <PageAction icon={IconCalendarCog} onClick={() => setManaging(true)}>
      {t('departure.title')}
    </PageAction>
  );
  return (
    <>
      <ListScreen
        section="departures"
        actions={admin && manage}
        filters={['dates', { search: 'tour' }]}
        url={url}
        list={departures}
        rows={pageOf(departures.data, url.values.sort || 'date', url.page)}
        defaultSort="date"
        columns={useDepartureColumns()}
        rowKey={(row) => `${row.tourCode}/${row.date}`}
      />
      <DepartureModal opened={managing} onClose={() => setManaging(false)} />
    </>
  );
}
