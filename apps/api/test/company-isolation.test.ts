import { randomUUID } from 'node:crypto';
import { bookingList, IncidentTypeId, incidentList } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { bearer } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  type BookingTarget,
  type Company,
  furnishedBooking,
  type Member,
  newCompany,
  newCustomer,
  seededCompany,
} from './support/companies.ts';
import {
  loadPassengerOptions,
  multipartBody,
  passengerBody,
  pngBytes,
} from './support/passengers.ts';

/**
 * Who may see a booking (modules/access/bookings.ts): its customer, and when it is a company's, every
 * user of that company; nobody else. Proven with two companies, each with two users and its own
 * bookings, and two plain customers, through every customer route that takes a booking code, a
 * passenger slot, a passenger (client) or a request (incident) id: someone who may not see the
 * booking gets exactly the 404 of a booking that does not exist, and changes nothing.
 */

type Probe = {
  /** The route as the API's OpenAPI document names it. */
  route: string;
  /** Which of the booking's ids the call names. */
  takes: (keyof BookingTarget)[];
  request(target: BookingTarget, token: string): Promise<InjectOptions> | InjectOptions;
  /** The status for a user who may see the booking: a company's (on credit) or a customer's. */
  seen: { corporate: number; customer: number };
};

let passengerOptions: Awaited<ReturnType<typeof loadPassengerOptions>>;

const as = (token: string, request: InjectOptions): InjectOptions => ({
  ...request,
  headers: { ...bearer(token), ...request.headers },
});

/**
 * Every customer route that names a booking, a slot, a passenger or a request, in an order in
 * which a user who may see the booking can make them all one after the other (reads first; the
 * request is deleted last). The first test holds this list to the API's routes.
 */
const probes: Probe[] = [
  {
    route: 'GET /api/tour/booking/{code}',
    takes: ['code'],
    request: (t, token) => as(token, { url: `/api/tour/booking/${t.code}` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'GET /api/tour/booking/{code}/voucher.pdf',
    takes: ['code'],
    request: (t, token) => as(token, { url: `/api/tour/booking/${t.code}/voucher.pdf` }),
    // A customer's unpaid booking has no voucher yet; a company's, on credit, has it at once.
    seen: { corporate: 200, customer: 422 },
  },
  {
    route: 'GET /api/tour/booking/{code}/calendar.ics',
    takes: ['code'],
    request: (t, token) => as(token, { url: `/api/tour/booking/${t.code}/calendar.ics` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'GET /api/tour/{code}/service/additional',
    takes: ['code'],
    request: (t, token) => as(token, { url: `/api/tour/${t.code}/service/additional` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'GET /api/client/{id}',
    takes: ['clientId'],
    request: (t, token) => as(token, { url: `/api/client/${t.clientId}` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'GET /api/client/{id}/document',
    takes: ['clientId'],
    request: (t, token) => as(token, { url: `/api/client/${t.clientId}/document` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'GET /api/incident/{id}',
    takes: ['incidentId'],
    request: (t, token) => as(token, { url: `/api/incident/${t.incidentId}` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'POST /api/tour/payment/add',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: '/api/tour/payment/add',
        payload: { bookingId: t.code, amount: 1, amountStr: '100' },
      }),
    // A company's booking is on credit: it is never offered a payment (403, once it is seen).
    seen: { corporate: 403, customer: 201 },
  },
  {
    route: 'POST /api/tour/add/service',
    takes: ['code', 'offerId'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: `/api/tour/add/service?bookingId=${t.code}`,
        payload: [{ serviceId: t.offerId, quantity: 1 }],
      }),
    seen: { corporate: 201, customer: 201 },
  },
  {
    route: 'POST /api/client/{slotId}/create',
    takes: ['code', 'emptySlotId'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: `/api/client/${t.emptySlotId}/create`,
        payload: passengerBody(passengerOptions, t.code, { firstName: 'Intruso' }),
      }),
    seen: { corporate: 201, customer: 201 },
  },
  {
    route: 'PUT /api/client/{id}/update',
    takes: ['code', 'clientId'],
    request: (t, token) =>
      as(token, {
        method: 'PUT',
        url: `/api/client/${t.clientId}/update`,
        payload: passengerBody(passengerOptions, t.code, { lastName: 'Cambiado' }),
      }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'POST /api/client/{id}/add/document',
    takes: ['clientId'],
    request: async (t, token) => {
      const { payload, headers } = await multipartBody({
        file: { bytes: pngBytes(), name: 'other.png', type: 'image/png' },
      });
      return as(token, {
        method: 'POST',
        url: `/api/client/${t.clientId}/add/document`,
        headers,
        payload,
      });
    },
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'POST /api/incident/save',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: '/api/incident/save',
        payload: {
          typeId: IncidentTypeId.freeSubject,
          name: 'Another question',
          description: 'Filed by someone else',
          bookingId: t.code,
        },
      }),
    seen: { corporate: 201, customer: 201 },
  },
  {
    route: 'PUT /api/incident/{id}/update',
    takes: ['incidentId'],
    request: (t, token) =>
      as(token, {
        method: 'PUT',
        url: `/api/incident/${t.incidentId}/update`,
        payload: { typeId: IncidentTypeId.freeSubject, name: 'Changed', description: 'Changed' },
      }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'PUT /api/incident/{id}/change/status',
    takes: ['incidentId'],
    request: (t, token) =>
      as(token, { method: 'PUT', url: `/api/incident/${t.incidentId}/change/status` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'DELETE /api/incident/{id}/delete',
    takes: ['incidentId'],
    request: (t, token) =>
      as(token, { method: 'DELETE', url: `/api/incident/${t.incidentId}/delete` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'POST /api/tour/payment/credit',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: '/api/tour/payment/credit',
        payload: { bookingId: t.code, amount: 1 },
      }),
    // Seen, it is refused for want of credit (422), never paid from someone else's.
    seen: { corporate: 422, customer: 422 },
  },
  {
    route: 'PUT /api/tour/booking/{code}/pickup',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'PUT',
        url: `/api/tour/booking/${t.code}/pickup`,
        payload: { pickupPlace: 'Hotel Monasterio' },
      }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'POST /api/tour/booking/{code}/changes/quote',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: `/api/tour/booking/${t.code}/changes/quote`,
        payload: { kind: 'cancel' },
      }),
    seen: { corporate: 200, customer: 200 },
  },
  // Issue 29: a locked passenger's document change (this booking's are not locked: 422 when seen).
  {
    route: 'GET /api/tour/booking/{code}/document-changes',
    takes: ['code'],
    request: (t, token) =>
      as(token, { method: 'GET', url: `/api/tour/booking/${t.code}/document-changes` }),
    seen: { corporate: 200, customer: 200 },
  },
  {
    route: 'POST /api/tour/booking/{code}/passengers/{slotId}/document-change',
    takes: ['code', 'emptySlotId'],
    request: async (t, token) => {
      const { payload, headers } = await multipartBody(
        {
          oldDocument: { bytes: pngBytes(), name: 'old.png', type: 'image/png' },
          newDocument: { bytes: pngBytes(), name: 'new.png', type: 'image/png' },
        },
        { documentNumber: 'ZX998877' },
      );
      return as(token, {
        method: 'POST',
        url: `/api/tour/booking/${t.code}/passengers/${t.emptySlotId}/document-change`,
        headers,
        payload,
      });
    },
    seen: { corporate: 422, customer: 422 },
  },
  {
    route: 'POST /api/tour/booking/{code}/document-changes/{id}/withdraw',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: `/api/tour/booking/${t.code}/document-changes/${t.incidentId}/withdraw`,
      }),
    seen: { corporate: 404, customer: 404 },
  },
  // Issue 30: the booking's receipts (an unknown receipt of a seen booking is a 404 too) and its
  // factura details (a company's booking takes its company's record: 422 when seen).
  {
    route: 'GET /api/tour/booking/{code}/receipts',
    takes: ['code'],
    request: (t, token) => as(token, { url: `/api/tour/booking/${t.code}/receipts` }),
    seen: { corporate: 200, customer: 200 },
  },
  ...(['xml', 'pdf'] as const).map(
    (format): Probe => ({
      route: `GET /api/tour/booking/{code}/receipts/{id}/${format}`,
      takes: ['code'],
      request: (t, token) =>
        as(token, {
          url: `/api/tour/booking/${t.code}/receipts/00000000-0000-4000-8000-000000000000/${format}`,
        }),
      seen: { corporate: 404, customer: 404 },
    }),
  ),
  {
    route: 'PUT /api/tour/booking/{code}/invoice',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'PUT',
        url: `/api/tour/booking/${t.code}/invoice`,
        payload: {
          invoice: {
            ruc: '20131312955',
            legalName: 'Andes Cargo S.A.C.',
            fiscalAddress: 'Av. El Sol 320, Cusco',
          },
        },
      }),
    seen: { corporate: 422, customer: 204 },
  },
  // Last: it cancels the booking.
  {
    route: 'POST /api/tour/booking/{code}/changes',
    takes: ['code'],
    request: (t, token) =>
      as(token, {
        method: 'POST',
        url: `/api/tour/booking/${t.code}/changes`,
        payload: { kind: 'cancel' },
      }),
    seen: { corporate: 201, customer: 201 },
  },
];

/** The lists of what the caller may see (checked by content below). */
const lists = [
  'GET /api/tour/booking/list',
  'GET /api/incident/ListByCurrentUser',
  'GET /api/incident/list',
];

/** Customer routes that name no booking, slot, passenger or request. */
const unrelated = [
  'POST /api/authentication/logout/{userId}', // the caller's own sessions (403 for another id)
  'GET /api/tour/list',
  'GET /api/tour/private/{tourId}', // a tour
  'POST /api/tour/save', // a new booking, the caller's own
  'GET /api/tour/credit', // the caller's own credit
  'PUT /api/client/profile',
  'PUT /api/client/changepassword',
  'GET /api/optionlist/listbykey/{key}',
  'GET /api/job/list',
  'GET /api/incident/list/types',
  'GET /api/incident/list/status',
  // The guide's app (issue 32): a guide's own departures (another's is 404: trail.test.ts); a
  // customer gets 404 on all of them.
  'GET /api/guide/departures',
  'GET /api/guide/departures/{tourCode}/{date}',
  'POST /api/guide/actions',
];

let ctx: TestContext;
let companyA: Company;
let companyB: Company;
let customerX: Member;
let customerY: Member;
/** Each member's furnished booking, by user id. */
const bookingOf = new Map<string, BookingTarget>();
/** Ids that name nothing, in the shapes the routes take. */
let missing: BookingTarget;

const target = (member: Member) => {
  const found = bookingOf.get(member.userId);
  if (!found) throw new Error('no booking for this member');
  return found;
};
const memberOf = (company: Company, index: number) => {
  const found = company.members[index];
  if (!found) throw new Error(`no member ${index} of ${company.name}`);
  return found;
};
const [a0, a1, b0, b1] = [
  () => memberOf(companyA, 0),
  () => memberOf(companyA, 1),
  () => memberOf(companyB, 0),
  () => memberOf(companyB, 1),
];

beforeAll(async () => {
  ctx = await createTestApp();
  const { app } = ctx;
  const db = ctx.database.db;
  companyA = await seededCompany(app, db, 1);
  companyB = await newCompany(app, db, 2);
  expect(companyB.id).not.toBe(companyA.id);
  customerX = await newCustomer(app);
  customerY = await newCustomer(app);
  passengerOptions = await loadPassengerOptions(app, customerX.token);
  for (const member of [...companyA.members, ...companyB.members]) {
    bookingOf.set(member.userId, await furnishedBooking(app, member, { corporate: true }));
  }
  for (const member of [customerX, customerY]) {
    bookingOf.set(member.userId, await furnishedBooking(app, member, { corporate: false }));
  }
  const code = 'CT-ZZZZZZ';
  const [taken] = await db.select().from(bookings).where(eq(bookings.code, code));
  expect(taken).toBeUndefined();
  missing = {
    code,
    emptySlotId: randomUUID(),
    clientId: randomUUID(),
    incidentId: randomUUID(),
    offerId: target(customerX).offerId,
  };
});
afterAll(() => ctx?.close());

async function call(probe: Probe, t: BookingTarget, token: string) {
  return ctx.app.inject(await probe.request(t, token));
}

/**
 * Every probe by `viewer` on `foreign` answers 404, with the very body a booking (slot,
 * passenger, request) that does not exist gets; so does naming the viewer's own booking with the
 * foreign slot or passenger, and the foreign booking with the viewer's own.
 */
async function expectHidden(viewer: Member, foreign: BookingTarget) {
  const own = target(viewer);
  for (const probe of probes) {
    const absent = await call(probe, missing, viewer.token);
    expect.soft(absent.statusCode, `${probe.route} (nothing)`).toBe(404);
    const variants: [string, BookingTarget][] = [['foreign', foreign]];
    const namesPassenger = probe.takes.some((id) => id === 'emptySlotId' || id === 'clientId');
    if (probe.takes.includes('code') && namesPassenger) {
      variants.push(['own code, foreign ids', { ...foreign, code: own.code }]);
      variants.push(['foreign code, own ids', { ...own, code: foreign.code }]);
    }
    for (const [name, ids] of variants) {
      const response = await call(probe, ids, viewer.token);
      const said = `${probe.route} (${name})`;
      expect.soft(response.statusCode, `${said}: ${response.body.slice(0, 200)}`).toBe(404);
      expect.soft(response.body, said).toBe(absent.body);
    }
  }
}

/** Every probe by `viewer` on a booking they may see answers as it does for its owner. */
async function expectSeen(viewer: Member, seen: BookingTarget, kind: 'corporate' | 'customer') {
  for (const probe of probes) {
    const response = await call(probe, seen, viewer.token);
    expect
      .soft(response.statusCode, `${probe.route}: ${response.body.slice(0, 200)}`)
      .toBe(probe.seen[kind]);
  }
}

/**
 * What the owner sees of a booking: the detail (lines, passengers, money), the passenger, the
 * scan, the request, and the owner's list of requests.
 */
async function stateOf(owner: Member, t: BookingTarget) {
  const read = (url: string) => ctx.app.inject({ url, headers: bearer(owner.token) });
  const [detail, client, scan, request, requests] = await Promise.all([
    read(`/api/tour/booking/${t.code}`),
    read(`/api/client/${t.clientId}`),
    read(`/api/client/${t.clientId}/document`),
    read(`/api/incident/${t.incidentId}`),
    read('/api/incident/list?pageSize=100'),
  ]);
  for (const response of [detail, client, scan, request, requests]) {
    expect(response.statusCode, response.body).toBe(200);
  }
  return {
    detail: detail.json(),
    client: client.json(),
    scan: scan.rawPayload.toString('base64'),
    request: request.json(),
    requests: requests.json(),
  };
}

describe('the routes that name a booking', () => {
  it('are every customer route but the lists and those that name none (a new route must be added here)', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const customerRoutes = Object.entries(spec.paths)
      // OCTO's routes take a reseller's key, not a session: one company never reaching another's
      // OCTO bookings is tested by octo.test.ts and octo-attack.test.ts.
      .filter(([path]) => !path.startsWith('/api/admin/') && !path.startsWith('/octo/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => (operation.security ?? []).length > 0)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    const classified = [...probes.map((probe) => probe.route), ...lists, ...unrelated];
    expect(new Set(classified).size).toBe(classified.length);
    expect(customerRoutes.toSorted()).toEqual(classified.toSorted());
  });
});

describe('two companies', () => {
  let before: Map<string, Awaited<ReturnType<typeof stateOf>>>;
  beforeAll(async () => {
    before = new Map();
    for (const owner of [a0(), b0(), customerY]) {
      before.set(owner.userId, await stateOf(owner, target(owner)));
    }
  });

  it("answers every user of company A 404 for company B's booking on every route, as for one that does not exist", async () => {
    for (const viewer of companyA.members) await expectHidden(viewer, target(b0()));
  });

  it("answers every user of company B 404 for company A's booking on every route", async () => {
    for (const viewer of companyB.members) await expectHidden(viewer, target(a0()));
  });

  it("answers a company's user 404 for a customer's booking, and a customer 404 for a company's", async () => {
    await expectHidden(a0(), target(customerY));
    await expectHidden(customerX, target(b0()));
  });

  it("answers customer X 404 for customer Y's booking on every route", async () => {
    await expectHidden(customerX, target(customerY));
  });

  it('left every refused booking as it was', async () => {
    for (const owner of [a0(), b0(), customerY]) {
      expect(await stateOf(owner, target(owner))).toEqual(before.get(owner.userId));
    }
  });

  it("lists to every user of A the bookings and requests of A's users, and nothing of B's", async () => {
    const codesOf = (company: Company) => company.members.map((member) => target(member).code);
    const requestsOf = (company: Company) =>
      company.members.map((member) => target(member).incidentId);
    for (const viewer of companyA.members) {
      const page = (url: string) => ctx.app.inject({ url, headers: bearer(viewer.token) });
      const list = await page('/api/tour/booking/list?pageSize=100');
      expect(list.statusCode, list.body).toBe(200);
      const codes = bookingList.parse(list.json()).map((item) => item.id);
      expect(codes).toEqual(expect.arrayContaining(codesOf(companyA)));
      for (const code of [...codesOf(companyB), target(customerX).code, target(customerY).code]) {
        expect(codes).not.toContain(code);
      }
      expect(list.headers['x-total-count']).toBe(String(codes.length));
      // A page past the end counts them with a statement of its own: the same number.
      const past = await page('/api/tour/booking/list?page=1000&pageSize=100');
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe(String(codes.length));

      for (const url of ['/api/incident/ListByCurrentUser', '/api/incident/list']) {
        const requests = await page(`${url}?pageSize=100`);
        expect(requests.statusCode, requests.body).toBe(200);
        const ids = incidentList.parse(requests.json()).map((item) => item.id);
        expect(ids).toEqual(expect.arrayContaining(requestsOf(companyA)));
        for (const id of [...requestsOf(companyB), target(customerY).incidentId]) {
          expect(ids).not.toContain(id);
        }
        expect(requests.headers['x-total-count']).toBe(String(ids.length));
        const after = await page(`${url}?page=1000&pageSize=100`);
        expect(after.headers['x-total-count']).toBe(String(ids.length));
      }
    }
  });

  it("lets every user of A use every route on a booking another user of A made (and B's users B's)", async () => {
    await expectSeen(a1(), target(a0()), 'corporate');
    await expectSeen(a0(), target(a1()), 'corporate');
    await expectSeen(b1(), target(b0()), 'corporate');
  });

  it('lets a customer use every route on their own booking', async () => {
    await expectSeen(customerY, target(customerY), 'customer');
  });
});
