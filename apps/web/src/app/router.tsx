import { type ComponentType, type ReactNode, Suspense, use } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject, useRoutes } from 'react-router';
import { SiteFooter } from '../components/site-footer.tsx';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary, RouteLoader } from './route-error.tsx';
import { RequireSession } from './shell/require-session.tsx';

/**
 * A route of the app. React Router's declarative routes (`useRoutes` inside `<HashRouter>`, in
 * app.tsx): its data router (loaders, actions, fetchers) is about 18 KB gzip that the app does not
 * use and every first load paid (ADR 0053). What the app used of it is here instead: a screen's
 * code loaded on demand (`lazy`), and an error page in place of the screens below a route that
 * fails (`errorBoundary`).
 */
interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Loads the screen's component (a chunk of its own). */
  lazy?: LoadScreen;
  /** A screen below this route that throws, or whose code cannot load, shows the error page here. */
  errorBoundary?: boolean;
  children?: AppRoute[];
}
type LoadScreen = () => Promise<{ Component: ComponentType }>;

const toLogin = <Navigate to={paths.login.href()} replace />;

/** Every route of spec §2; screens load on demand; any other path goes to login. */
export function AppRoutes() {
  return useRoutes(routeObjects);
}

/** A screen's code, once loaded (or its failure), kept for every later render. */
interface LoadedScreen {
  promise: Promise<void>;
  Component?: ComponentType;
  error?: unknown;
}
const loaded = new Map<LoadScreen, LoadedScreen>();

function loadScreen(load: LoadScreen): LoadedScreen {
  let screen = loaded.get(load);
  if (!screen) {
    const entry: LoadedScreen = {
      promise: load().then(
        (module) => {
          entry.Component = module.Component;
        },
        (error: unknown) => {
          entry.error = error;
        },
      ),
    };
    loaded.set(load, entry);
    screen = entry;
  }
  return screen;
}

/**
 * A screen whose code loads on demand: drawn at once when it is already there (main.tsx loads the
 * first screen's before the first render), else suspended until it is (the router changes screens
 * in a transition, so the screen before stays until then).
 */
function LazyScreen({ load }: { load: LoadScreen }) {
  const screen = loadScreen(load);
  if (!screen.Component && !screen.error) use(screen.promise);
  if (screen.error) throw screen.error;
  const Screen = screen.Component as ComponentType;
  return <Screen />;
}

/** A screen that throws, or whose code cannot be loaded after a new deploy, shows this translated page (with Reload). */
function Guarded({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<RouteLoader />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  let element = route.lazy ? <LazyScreen load={route.lazy} /> : route.element;
  if (route.errorBoundary) element = <Guarded>{element ?? <Outlet />}</Guarded>;
  if (route.index) return { index: true, element };
  return { path: route.path, element, children: route.children?.map(toRouteObject) };
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
const portalScreens: AppRoute[] = [
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
const adminScreens: AppRoute[] = [
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

const routes: AppRoute[] = [
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
      { errorBoundary: true, children: portalScreens },
    ],
  },
  {
    path: paths.admin.pattern,
    lazy: () =>
      import('./shell/staff-layout.tsx').then(({ StaffLayout }) => ({ Component: StaffLayout })),
    children: [{ errorBoundary: true, children: adminScreens }],
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
            errorBoundary: true,
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
 * The app's routes as React Router's: the whole app under one error page and loader (shown while
 * the first screen's code loads), as the data router's root route had them.
 */
const routeObjects: RouteObject[] = [toRouteObject({ errorBoundary: true, children: routes })];

/**
 * Starts loading the code of the screens the address opens (the lazy routes it matches) beside
 * the app's texts, before the first render, so that the screen does not wait for its chunk once
 * the app has started. A chunk that fails is left to the screen, which shows the error page.
 */
export function preloadScreen(hash: string): Promise<unknown> {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const matches = matchRoutes(routes as RouteObject[], path) ?? [];
  return Promise.all(
    matches.map((match) => {
      const { lazy } = match.route as AppRoute;
      return lazy ? loadScreen(lazy).promise : undefined;
    }),
  );
}
