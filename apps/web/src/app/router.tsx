import { Center, Loader } from '@mantine/core';
import { createHashRouter, Navigate, Outlet } from 'react-router';
import { paths } from './paths.ts';
import { MainLayout } from './shell/main-layout.tsx';
import { RequireSession } from './shell/require-session.tsx';

const toLogin = <Navigate to={paths.login.href()} replace />;

/** Every route of spec §2; screens load on demand; any other path goes to login. */
export function createRouter() {
  return createHashRouter([
    {
      // Shown while the first screen's code loads.
      hydrateFallbackElement: (
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      ),
      element: <Outlet />,
      children: routes,
    },
  ]);
}

const routes = [
  { path: '/', element: toLogin },
  {
    path: paths.login.pattern,
    lazy: () =>
      import('../features/auth/routes/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: paths.loginMode.pattern,
    lazy: () =>
      import('../features/auth/routes/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: paths.paymentConfirm.pattern,
    lazy: () =>
      import('../features/payments/routes/payment-confirm-page.tsx').then((m) => ({
        Component: m.PaymentConfirmPage,
      })),
  },
  {
    path: paths.booking.pattern,
    lazy: () =>
      import('../features/booking/routes/booking-page.tsx').then((m) => ({
        Component: m.BookingPage,
      })),
  },
  {
    // The corporate booking page needs a session (spec §6).
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [
      {
        path: paths.corporative.pattern,
        lazy: () =>
          import('../features/booking/routes/booking-page.tsx').then((m) => ({
            Component: m.CorporateBookingPage,
          })),
      },
    ],
  },
  {
    path: paths.main.pattern,
    element: (
      <RequireSession>
        <MainLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to={paths.reservations.href()} replace /> },
      {
        path: paths.reservations.pattern,
        lazy: () =>
          import('../features/reservations/routes/reservations-page.tsx').then((m) => ({
            Component: m.ReservationsPage,
          })),
      },
      {
        path: paths.reservationsAlias.pattern,
        element: <Navigate to={paths.reservations.href()} replace />,
      },
      {
        path: paths.bookingDetail.pattern,
        lazy: () =>
          import('../features/reservations/routes/booking-detail-page.tsx').then((m) => ({
            Component: m.BookingDetailPage,
          })),
      },
      {
        path: paths.incidents.pattern,
        lazy: () =>
          import('../features/incidents/routes/incidents-page.tsx').then((m) => ({
            Component: m.IncidentsPage,
          })),
      },
      {
        path: paths.incidentForm.pattern,
        lazy: () =>
          import('../features/incidents/routes/incidents-page.tsx').then((m) => ({
            Component: m.IncidentsPage,
          })),
      },
      {
        path: paths.profile.pattern,
        lazy: () =>
          import('../features/profile/routes/profile-page.tsx').then((m) => ({
            Component: m.ProfilePage,
          })),
      },
      {
        path: paths.tours.pattern,
        lazy: () =>
          import('../features/tours/routes/tours-page.tsx').then((m) => ({
            Component: m.ToursPage,
          })),
      },
      { path: '*', element: toLogin },
    ],
  },
  { path: '*', element: toLogin },
];
