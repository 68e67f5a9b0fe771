import {
  IconBook2,
  IconCalendarEvent,
  IconCalendarMonth,
  IconGauge,
  IconHistory,
  IconIdBadge2,
  IconKey,
  IconMail,
  IconMap,
  IconMessageReport,
  IconReceipt,
  IconShoppingCart,
  IconTicket,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isStaff, paths } from '../../config/paths.ts';
import { useSessionUser } from '../../lib/session.ts';
import { MainLayout, type MenuLink } from './main-layout.tsx';
import { RequireSession } from './require-session.tsx';

/** The back office's menu (issue 13). */
function useStaffLinks(admin: boolean): MenuLink[] {
  const { t } = useTranslation();
  const links: MenuLink[] = [
    { to: paths.admin.href(), label: t('nav.adminDashboard'), icon: IconGauge, end: true },
    { to: paths.adminRequests.href(), label: t('nav.adminRequests'), icon: IconMessageReport },
    {
      to: paths.adminDocumentChanges.href(),
      label: t('nav.adminDocumentChanges'),
      icon: IconIdBadge2,
    },
    { to: paths.adminBookings.href(), label: t('nav.adminBookings'), icon: IconTicket },
    { to: paths.adminDepartures.href(), label: t('nav.adminDepartures'), icon: IconCalendarEvent },
    { to: paths.adminCalendar.href(), label: t('nav.adminCalendar'), icon: IconCalendarMonth },
    { to: paths.adminCrew.href(), label: t('nav.adminCrew'), icon: IconUsersGroup },
    { to: paths.adminToBuy.href(), label: t('purchases.nav'), icon: IconShoppingCart },
    { to: paths.adminReceipts.href(), label: t('receipts.nav'), icon: IconReceipt },
    { to: paths.adminComplaints.href(), label: t('complaints.adminNav'), icon: IconBook2 },
    { to: paths.adminAudit.href(), label: t('nav.adminAudit'), icon: IconHistory },
    { to: paths.adminTours.href(), label: t('nav.adminTours'), icon: IconMap },
  ];
  // Staff management is an administrator's.
  if (admin)
    links.push({ to: paths.adminStaff.href(), label: t('nav.adminStaff'), icon: IconUsers });
  // The mailbox holds customers' messages (reset links among them): an administrator's too.
  if (admin) links.push({ to: paths.adminMail.href(), label: t('nav.adminMail'), icon: IconMail });
  // Resellers' API keys and net prices (issue 31): an administrator's.
  if (admin)
    links.push({ to: paths.adminResellers.href(), label: t('nav.adminResellers'), icon: IconKey });
  return links;
}

/** Only staff see the back office; anyone else signed in goes to their reservations. */
function StaffOnly() {
  const user = useSessionUser();
  const links = useStaffLinks(user?.role === 'admin');
  if (!isStaff(user)) return <Navigate to={paths.reservations.href()} replace />;
  return <MainLayout links={links} home={paths.admin.href()} />;
}

/** The back office's route element: the shell with the staff menu, for staff only. */
export function StaffLayout() {
  return (
    <RequireSession>
      <StaffOnly />
    </RequireSession>
  );
}
