import { adminBookingStatuses, bookingChannels } from '@cusco/shared';
import { useAdminBookings } from '../api/admin-api.ts';
import { ListScreen } from '../components/admin-list.tsx';
import { useBookingColumns } from '../components/booking-columns.tsx';
import { NewBookingLink } from '../components/desk/new-booking-link.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useAdminText } from '../i18n.ts';

/** #/admin/bookings: every booking, searched by code, customer, tour, dates and money status, and where it was made. */
export function BookingsPage() {
  const { t } = useAdminText();
  const url = useUrlState(['q', 'tour', 'from', 'to', 'status', 'channel', 'sort']);
  const statuses = adminBookingStatuses.map((value) => ({ value, label: t(`status.${value}`) }));
  const channels = bookingChannels.map((value) => ({ value, label: t(`channel.${value}`) }));
  return (
    <ListScreen
      section="bookings"
      actions={<NewBookingLink />}
      filters={[
        { search: 'q' },
        { search: 'tour' },
        'dates',
        { select: 'status', data: statuses },
        { select: 'channel', data: channels },
      ]}
      url={url}
      list={useAdminBookings(url.query, url.page)}
      defaultSort="-createdAt"
      columns={useBookingColumns()}
      rowKey={(row) => row.code}
    />
  );
}
