import { createHashRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { SiteFooter } from '../components/site-footer.tsx';
import { paths } from '../config/paths.ts';
import { RouteError, RouteLoader } from './route-error.tsx';
import { RequireSession } from './shell/require-session.tsx';

const toLogin = <Navigate to={paths.login.href()} replace />;

/** Every route of spec §2; screens load on demand; any other path goes to login. */
export function createRouter() {
  return createHashRouter([
    {
      // Shown while the first screen's code loads.
      hydrateFallbackElement: <RouteLoader />,
      // A screen that throws, or whose code cannot be loaded after a new deploy, shows this
      // translated page (with Reload) instead of React Router's default.
      errorElement: <RouteError />,
      element: <Outlet />,
      children: routes,
    },
  ]);
}

/** A page outside the signed-in shells, with the footer every page carries (issue 30). */
function WithFooter() {
  return (
    <>
      <Outlet />
      <SiteFooter />
    </>
  );
}

/** The signed-in portal's screens, inside the menu shell. */
const portalScreens = [
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
];

/** The back office's screens (issue 13), inside the staff shell; none of it loads for customers. */
const adminScreens = [
  {
    index: true,
    lazy: () =>
      import('../features/admin/routes/dashboard-page.tsx').then((m) => ({
        Component: m.DashboardPage,
      })),
  },
  {
    path: paths.adminRequests.pattern,
    lazy: () =>
      import('../features/admin/routes/requests-page.tsx').then((m) => ({
        Component: m.RequestsPage,
      })),
  },
  {
    path: paths.adminBookings.pattern,
    lazy: () =>
      import('../features/admin/routes/bookings-page.tsx').then((m) => ({
        Component: m.BookingsPage,
      })),
  },
  {
    path: paths.adminNewBooking.pattern,
    lazy: () =>
      import('../features/admin/routes/new-booking-page.tsx').then((m) => ({
        Component: m.NewBookingPage,
      })),
  },
  {
    path: paths.adminBooking.pattern,
    lazy: () =>
      import('../features/admin/routes/booking-page.tsx').then((m) => ({
        Component: m.AdminBookingPage,
      })),
  },
  {
    path: paths.adminDepartures.pattern,
    lazy: () =>
      import('../features/admin/routes/departures-page.tsx').then((m) => ({
        Component: m.DeparturesPage,
      })),
  },
  {
    path: paths.adminManifest.pattern,
    lazy: () =>
      import('../features/admin/routes/manifest-page.tsx').then((m) => ({
        Component: m.ManifestPage,
      })),
  },
  {
    path: paths.adminDocumentChanges.pattern,
    lazy: () =>
      import('../features/admin/routes/document-changes-page.tsx').then((m) => ({
        Component: m.DocumentChangesPage,
      })),
  },
  {
    path: paths.adminToBuy.pattern,
    lazy: () =>
      import('../features/admin/routes/to-buy-page.tsx').then((m) => ({
        Component: m.ToBuyPage,
      })),
  },
  {
    path: paths.adminReceipts.pattern,
    lazy: () =>
      import('../features/admin/routes/receipts-page.tsx').then((m) => ({
        Component: m.ReceiptsPage,
      })),
  },
  {
    path: paths.adminAudit.pattern,
    lazy: () =>
      import('../features/admin/routes/audit-page.tsx').then((m) => ({
        Component: m.AuditPage,
      })),
  },
  {
    path: paths.adminCalendar.pattern,
    lazy: () =>
      import('../features/admin/routes/calendar-page.tsx').then((m) => ({
        Component: m.CalendarPage,
      })),
  },
  {
    path: paths.adminStaff.pattern,
    lazy: () =>
      import('../features/admin/routes/staff-page.tsx').then((m) => ({
        Component: m.StaffPage,
      })),
  },
  {
    path: paths.adminCrew.pattern,
    lazy: () =>
      import('../features/admin/routes/crew-page.tsx').then((m) => ({
        Component: m.CrewPage,
      })),
  },
  {
    path: paths.adminTours.pattern,
    lazy: () =>
      import('../features/admin/routes/tours-page.tsx').then((m) => ({
        Component: m.ToursPage,
      })),
  },
  {
    path: paths.adminTour.pattern,
    lazy: () =>
      import('../features/admin/routes/tour-editor-page.tsx').then((m) => ({
        Component: m.TourEditorPage,
      })),
  },
  {
    path: paths.adminComplaints.pattern,
    lazy: () =>
      import('../features/admin/routes/complaints-page.tsx').then((m) => ({
        Component: m.AdminComplaintsPage,
      })),
  },
  {
    path: paths.adminComplaint.pattern,
    lazy: () =>
      import('../features/admin/routes/complaint-page.tsx').then((m) => ({
        Component: m.AdminComplaintPage,
      })),
  },
  {
    path: paths.adminResellers.pattern,
    lazy: () =>
      import('../features/admin/routes/resellers-page.tsx').then((m) => ({
        Component: m.ResellersPage,
      })),
  },
  {
    path: paths.adminMail.pattern,
    lazy: () =>
      import('../features/admin/routes/mail-page.tsx').then((m) => ({ Component: m.MailPage })),
  },
  { path: '*', element: <Navigate to={paths.admin.href()} replace /> },
];

const routes = [
  { path: '/', element: toLogin },
  {
    // Every page outside the signed-in shells carries the footer (the shells carry their own).
    element: <WithFooter />,
    children: [
      {
        path: paths.login.pattern,
        lazy: () =>
          import('../features/auth/routes/login-page.tsx').then((m) => ({
            Component: m.LoginPage,
          })),
      },
      {
        path: paths.loginMode.pattern,
        lazy: () =>
          import('../features/auth/routes/login-page.tsx').then((m) => ({
            Component: m.LoginPage,
          })),
      },
      {
        path: paths.resetPassword.pattern,
        lazy: () =>
          import('../features/auth/routes/reset-page.tsx').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: paths.signInLink.pattern,
        lazy: () =>
          import('../features/auth/routes/sign-in-link-page.tsx').then((m) => ({
            Component: m.SignInLinkPage,
          })),
      },
      {
        path: paths.paymentConfirm.pattern,
        lazy: () =>
          import('../features/payments/routes/payment-confirm-page.tsx').then((m) => ({
            Component: m.PaymentConfirmPage,
          })),
      },
      {
        path: paths.catalogue.pattern,
        lazy: () =>
          import('../features/tours/routes/catalogue-page.tsx').then((m) => ({
            Component: m.CataloguePage,
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
        path: paths.complaints.pattern,
        lazy: () =>
          import('../features/complaints/routes/complaints-page.tsx').then((m) => ({
            Component: m.ComplaintsPage,
          })),
      },
    ],
  },
  {
    path: paths.main.pattern,
    // The portal's shell (menu, header) loads with the first portal screen, not on the login or
    // public booking page.
    lazy: () =>
      import('./shell/main-layout.tsx').then(({ SignedInLayout }) => ({
        Component: SignedInLayout,
      })),
    children: [
      // The portal's screens fail inside the shell, so the menu stays usable.
      { errorElement: <RouteError />, children: portalScreens },
    ],
  },
  {
    path: paths.admin.pattern,
    lazy: () =>
      import('./shell/staff-layout.tsx').then(({ StaffLayout }) => ({ Component: StaffLayout })),
    children: [{ errorElement: <RouteError />, children: adminScreens }],
  },
  {
    // The guide's app (issue 32): its own shell for a phone, for a guide only.
    path: paths.guide.pattern,
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [
      {
        lazy: () =>
          import('../features/guide/routes/guide-layout.tsx').then((m) => ({
            Component: m.GuideLayout,
          })),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/guide/routes/departures-page.tsx').then((m) => ({
                    Component: m.GuideDeparturesPage,
                  })),
              },
              {
                path: paths.guideDeparture.pattern,
                lazy: () =>
                  import('../features/guide/routes/departure-page.tsx').then((m) => ({
                    Component: m.GuideDeparturePage,
                  })),
              },
              { path: '*', element: <Navigate to={paths.guide.href()} replace /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: toLogin },
];

/**
 * Starts loading the code of the screens the address opens (the lazy routes it matches) beside
 * the app's texts, before the first render, so that the screen does not wait for its chunk once
 * the app has started. A chunk that fails is left to the router, which shows its error page.
 */
export function preloadScreen(hash: string): Promise<unknown> {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const matches = matchRoutes(routes as RouteObject[], path) ?? [];
  return Promise.all(
    matches.map((match) => {
      const lazy = match.route.lazy;
      return typeof lazy === 'function' ? lazy().catch(() => undefined) : undefined;
    }),
  );
}
