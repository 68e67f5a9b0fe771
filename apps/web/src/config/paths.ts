/** A route without parameters: its link is its pattern. */
const fixed = <Path extends string>(path: Path) => ({ pattern: path, href: () => path });

/** A route of one parameter, at the end of its path; links encode its value. */
const withParam = <Base extends string, Name extends string>(base: Base, name: Name) => ({
  pattern: `${base}/:${name}` as const,
  href: (value: string) => `${base}/${encodeURIComponent(value)}`,
});

/**
 * The one route table (spec §2): every route pattern, and the function that builds its links.
 * Routing is hash-based, so these are the paths after `#`.
 */
export const paths = {
  login: fixed('/login'),
  loginMode: { pattern: '/login/:type', href: (type: 'signUp') => `/login/${type}` },
  paymentConfirm: fixed('/paymentconfirm'),
  /** The public tour catalogue (issue 12); #/login stays the default route. */
  catalogue: fixed('/tours'),
  booking: {
    pattern: '/booking/:tour/:lang?',
    href: (tour: string, lang?: 0 | 1) => `/booking/${tour}${lang === undefined ? '' : `/${lang}`}`,
  },
  corporative: { pattern: '/corporative/:tour', href: (tour: string) => `/corporative/${tour}` },
  main: fixed('/main'),
  reservations: fixed('/main/booking'),
  reservationsAlias: fixed('/main/reservas'),
  bookingDetail: {
    pattern: '/main/booking/detail/:reservationcode',
    /** `paid`: the attempt just approved, which the page confirms (`?paid=`). */
    href: (code: string, options: { paid?: string } = {}) =>
      `/main/booking/detail/${encodeURIComponent(code)}${
        options.paid ? `?paid=${encodeURIComponent(options.paid)}` : ''
      }`,
  },
  incidents: fixed('/main/incidents'),
  incidentForm: {
    pattern: '/main/incidents/form/:tour/:type/:name',
    href: (bookingId: string, typeId: string, name: string) =>
      `/main/incidents/form/${encodeURIComponent(bookingId)}/${encodeURIComponent(typeId)}/${encodeURIComponent(name)}`,
  },
  profile: fixed('/main/profile'),
  tours: fixed('/main/tours'),
  /** The agency's back office (issue 13): staff only. */
  admin: fixed('/admin'),
  adminRequests: fixed('/admin/requests'),
  adminBookings: fixed('/admin/bookings'),
  adminBooking: withParam('/admin/bookings', 'code'),
  /** The desk (issue 28): staff book for a customer. */
  adminNewBooking: fixed('/admin/bookings/new'),
  adminDepartures: fixed('/admin/departures'),
  adminManifest: {
    pattern: '/admin/departures/:tour/:date',
    href: (tour: string, date: string) =>
      `/admin/departures/${encodeURIComponent(tour)}/${encodeURIComponent(date)}`,
  },
  /** A tour's departures month by month (issue 14). */
  adminCalendar: {
    pattern: '/admin/calendar',
    href: (tour?: string) => `/admin/calendar${tour ? `?tour=${encodeURIComponent(tour)}` : ''}`,
  },
  adminAudit: fixed('/admin/audit'),
  /** Locked travellers' passport or last name changes (issue 29). */
  adminDocumentChanges: fixed('/admin/document-changes'),
  /** What must be bought in each person's name, by deadline (issue 29). */
  adminToBuy: fixed('/admin/to-buy'),
  adminStaff: fixed('/admin/staff'),
  /** The crew roster (issue 29): staff read it, administrators edit it. */
  adminCrew: fixed('/admin/crew'),
  /** The catalogue editor (issue 14). */
  adminTours: fixed('/admin/tours'),
  adminTour: withParam('/admin/tours', 'code'),
  /** A password reset e-mail's link (issue 15). */
  resetPassword: withParam('/reset', 'token'),
  /** A guest's sign-in link, from a booking e-mail (issue 28): `?next=` the booking. */
  signInLink: withParam('/signin', 'token'),
  /** SUNAT's receipts (issue 30): `q` searches a booking's, a receipt's or a document's code. */
  adminReceipts: {
    pattern: '/admin/receipts',
    href: (q?: string) => `/admin/receipts${q ? `?q=${encodeURIComponent(q)}` : ''}`,
  },
  /** The complaints book (issue 30): public, linked from every page's footer. */
  complaints: fixed('/complaints'),
  /** The complaints book's queue (issue 30): staff. */
  adminComplaints: fixed('/admin/complaints'),
  adminComplaint: withParam('/admin/complaints', 'id'),
  /** The embedded transport's mailbox (issue 15): administrators. */
  adminMail: fixed('/admin/mail'),
  /** Resellers' OCTO keys and net prices (issue 31): administrators. */
  adminResellers: fixed('/admin/resellers'),
  /** The guide's app (issue 32): the guide's departures, and one departure on the trail. */
  guide: fixed('/guide'),
  guideDeparture: {
    pattern: '/guide/:tourCode/:date',
    href: (tourCode: string, date: string) =>
      `/guide/${encodeURIComponent(tourCode)}/${encodeURIComponent(date)}`,
  },
} as const;

/** Where a signed-in user lands (spec §2: after login the user goes to /main/booking). */
export const homePath = paths.reservations.href();

/**
 * Staff land on the back office (issue 13), a guide on their departures (issue 32), everyone
 * else on their reservations.
 */
export function landingPath(user: { role?: string } | null): string {
  if (isGuide(user)) return paths.guide.href();
  return isStaff(user) ? paths.admin.href() : homePath;
}

/** A guide of the crew roster signed in to the guide's app (issue 32): no portal, no back office. */
export function isGuide(user: { role?: string } | null): boolean {
  return user?.role === 'guide';
}

/** An agent or an administrator of the agency. */
export function isStaff(user: { role?: string } | null): boolean {
  return user?.role === 'agent' || user?.role === 'admin';
}

/**
 * The login screen, with the portal screen to go to after signing in (`next`: an e-mail's link
 * to a booking opened while signed out, or the screen the customer was on when their session
 * ended, spec §8: "expired").
 */
export function loginPath({
  next,
  expired = false,
}: {
  next?: string | null;
  expired?: boolean;
}): string {
  const target = returnPath(next ?? null);
  const query = [
    ...(expired ? ['expired=1'] : []),
    ...(target ? [`next=${encodeURIComponent(target)}`] : []),
  ];
  return `/login${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** The login screen after a session ended, to return to the screen the customer was on. */
export function expiredLoginPath(from: string | null): string {
  return loginPath({ next: from, expired: true });
}

/** A place to return to after signing in: a portal screen of this app, or nothing. */
export function returnPath(value: string | null): string | null {
  if (
    !(value?.startsWith('/main/') || value?.startsWith('/admin') || value?.startsWith('/guide')) ||
    value.includes('//')
  ) {
    return null;
  }
  return value;
}
