import { randomUUID } from 'node:crypto';
import {
  adminTrail,
  GUIDE_SESSION_DAYS,
  type GuideManifest,
  guideDepartureList,
  guideManifest,
  type MessageKey,
  staffList,
  todayInLima,
  trailActionsResponse,
  translate,
  verifyVoucherCode,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  crewAssignments,
  crewMembers,
  departures,
  personPurchases,
  tourPurchaseItems,
  tours,
  trailActions,
  trailSyncs,
} from '../src/db/schema.ts';
import { AGENCY_PHONE } from '../src/modules/mail/texts.ts';
import {
  publishedVoucherKeys,
  retireVoucherKey,
  rotateVoucherKey,
} from '../src/modules/trail/keys.ts';
import { demoAccountIds, demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { addCrewMember, assign, licensedGuide } from './support/crew.ts';
import { detailOf } from './support/passengers.ts';

/**
 * The guide's app and the signed vouchers (issue 32, ADR 0051): the voucher's signed QR code in
 * the booking detail and the PDF, the guide role's scope, a guide's departures and download, the
 * actions sent from the trail (idempotent, first wins, refusals), the back office's trail view,
 * and the guides' accounts.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let admin: Session;
let agent: Session;
let customer: Session;
/** Two guides on the departure, and one on none of it. */
const guides: Record<'a' | 'b' | 'c', { token: string; crewMemberId: string; name: string }> =
  {} as never;

/** Machu Picchu full day: one day, bookable from tomorrow. */
const TOUR = '400101';
let tourId: string;
const today = todayInLima();
const dayIn = (days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');
/** Tomorrow: check-ins are taken from today (the day before). */
const soon = dayIn(1);
/** A week on: too early for check-ins. */
const early = dayIn(8);

let paid: { code: string; amount: number };
let unpaid: { code: string };
let cancelled: { code: string };
/** The paid booking's passenger slots (three travellers). */
let slots: string[];
let cancelledSlot: string;
let earlySlot: string;

async function book(date: string, adults: number) {
  const tour = await loadTour(app, TOUR);
  const body = bookingFor(tour, { adults, date });
  const response = await postBooking(app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  return { code: response.json().code as string, amount: body.amount };
}

async function payAtDesk(booking: { code: string; amount: number }) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${booking.code}/payments`,
    headers: bearer(agent.token),
    payload: { amount: booking.amount, method: 'cash' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function newGuide(firstName: string) {
  const member = await addCrewMember(app, admin.token, licensedGuide({ firstName }));
  const email = `guide.${randomUUID().slice(0, 8)}@guides.example`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: bearer(admin.token),
    payload: {
      email,
      name: firstName,
      lastName: 'Guía',
      role: 'guide',
      password: 'Inti-Raymi-Trail-2027',
      crewMemberId: member.id,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = await signIn(app, email, 'Inti-Raymi-Trail-2027');
  return { token: session.token, crewMemberId: member.id, name: `${firstName} Guía` };
}

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...bearer(token), ...headers } });

async function download(token: string, date = soon, headers: Record<string, string> = {}) {
  const response = await get(token, `/api/guide/departures/${TOUR}/${date}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return guideManifest.parse(response.json()) as GuideManifest;
}

function send(token: string, actions: object[], deviceId = 'phone-a') {
  return app.inject({
    method: 'POST',
    url: '/api/guide/actions',
    headers: bearer(token),
    payload: { deviceId, actions },
  });
}

async function sent(token: string, actions: object[], deviceId = 'phone-a') {
  const response = await send(token, actions, deviceId);
  expect(response.statusCode, response.body).toBe(200);
  return trailActionsResponse.parse(response.json()).results;
}

const action = (overrides: object) => ({
  id: randomUUID(),
  kind: 'check_in',
  tourCode: TOUR,
  date: soon,
  at: new Date().toISOString(),
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(app, { name: 'Yolanda', lastname: 'Choque' });
  const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, TOUR));
  tourId = tour?.id ?? '';
  guides.a = await newGuide('Wilma');
  guides.b = await newGuide('Hilario');
  guides.c = await newGuide('Teófilo');

  paid = await book(soon, 3);
  await payAtDesk(paid);
  unpaid = await book(soon, 1);
  const toCancel = await book(soon, 1);
  await payAtDesk(toCancel);
  cancelledSlot =
    (await detailOf(app, customer.token, toCancel.code)).passangerRegistry[0]?.id ?? '';
  const cancelling = await app.inject({
    method: 'POST',
    url: `/api/tour/booking/${toCancel.code}/changes`,
    headers: bearer(customer.token),
    payload: { kind: 'cancel' },
  });
  expect(cancelling.statusCode, cancelling.body).toBe(201);
  cancelled = toCancel;
  slots = (await detailOf(app, customer.token, paid.code)).passangerRegistry.map((slot) => slot.id);
  const later = await book(early, 1);
  earlySlot = (await detailOf(app, customer.token, later.code)).passangerRegistry[0]?.id ?? '';

  for (const guide of [guides.a, guides.b]) {
    for (const date of [soon, early]) {
      const assigned = await assign(app, agent.token, TOUR, date, {
        crewMemberId: guide.crewMemberId,
      });
      expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    }
  }
});
afterAll(() => ctx?.close());

describe("the voucher's signed code", () => {
  it('is in the detail of a paid booking, and verifies with the published keys', async () => {
    const detail = await detailOf(app, customer.token, paid.code);
    const code = detail.booking.voucherCode;
    expect(code).toMatch(/^CT1\./);
    const check = await verifyVoucherCode(code ?? '', await publishedVoucherKeys(db));
    expect(check).toMatchObject({
      ok: true,
      voucher: { code: paid.code, travelDate: soon, passengers: 3 },
    });
  });

  it('is null before the voucher is ready, and for a cancelled booking', async () => {
    expect((await detailOf(app, customer.token, unpaid.code)).booking.voucherCode).toBeNull();
    expect((await detailOf(app, customer.token, cancelled.code)).booking.voucherCode).toBeNull();
  });

  it('fails once altered or forged', async () => {
    const code = (await detailOf(app, customer.token, paid.code)).booking.voucherCode ?? '';
    const keys = await publishedVoucherKeys(db);
    const parts = code.split('.');
    const altered = (index: number, value: string) =>
      parts.map((part, at) => (at === index ? value : part)).join('.');
    const signature = parts[5] ?? '';
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const forged of [
      altered(3, '4'),
      altered(2, dayjs(soon).add(1, 'day').format('YYYYMMDD')),
      altered(1, 'CT-AAAAAA'),
      altered(5, flipped),
    ]) {
      const check = await verifyVoucherCode(forged, keys);
      expect(check.ok, forged).toBe(false);
    }
    // Signed by a key the phone does not have.
    expect(await verifyVoucherCode(code, [])).toEqual({ ok: false, reason: 'unknownKey' });
  });

  it("is what the voucher PDF's QR code encodes", async () => {
    const code = (await detailOf(app, customer.token, paid.code)).booking.voucherCode ?? '';
    const response = await get(customer.token, `/api/tour/booking/${paid.code}/voucher.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const drawn = await qrModules(response.rawPayload);
    // The modules drawn are those of the signed code's QR, not of the bare booking code's.
    expect(drawn).toEqual(encode(code, { ecc: 'M', border: 0 }).data);
    expect(drawn).not.toEqual(encode(paid.code, { ecc: 'M', border: 0 }).data);
  });

  it("keeps verifying a rotated key's codes until that key is retired", async () => {
    const before = (await detailOf(app, customer.token, paid.code)).booking.voucherCode ?? '';
    const oldKid = before.split('.')[4] ?? '';
    const newKid = await rotateVoucherKey(db);
    app.voucherKeys.forget();
    const after = (await detailOf(app, customer.token, paid.code)).booking.voucherCode ?? '';
    expect(after.split('.')[4]).toBe(newKid);
    const keys = await publishedVoucherKeys(db);
    expect(keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await verifyVoucherCode(before, keys)).ok).toBe(true);
    expect((await verifyVoucherCode(after, keys)).ok).toBe(true);
    // The guide's download carries both.
    const manifest = await download(guides.a.token);
    expect(manifest.voucherKeys.map((key) => key.kid)).toEqual(
      expect.arrayContaining([oldKid, newKid]),
    );

    expect(await retireVoucherKey(db, oldKid)).toBe(true);
    const published = await publishedVoucherKeys(db);
    expect(published.map((key) => key.kid)).not.toContain(oldKid);
    expect(await verifyVoucherCode(before, published)).toEqual({
      ok: false,
      reason: 'unknownKey',
    });
    expect((await verifyVoucherCode(after, published)).ok).toBe(true);
    expect((await download(guides.a.token)).voucherKeys.map((key) => key.kid)).not.toContain(
      oldKid,
    );
  });
});

/**
 * The QR code drawn on the voucher's first page, as a matrix of modules: pdf-lib draws each dark
 * module as a filled square of the same size, the only squares of that size on
 * the page; read back from the page's content streams.
 */
async function qrModules(bytes: Uint8Array): Promise<boolean[][]> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPages()[0];
  if (!page) throw new Error('no page');
  const contents = page.node.Contents();
  const streams: PDFStream[] =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => pdf.context.lookup(ref) as PDFStream)
      : contents
        ? [contents]
        : [];
  const operators = streams
    .map((stream) =>
      Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'),
    )
    .join('\n');
  // pdf-lib draws a rectangle as a move to its corner (`1 0 0 1 x y cm`) and a closed path.
  const squares = [
    ...operators.matchAll(
      /1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*0 0 m\s+0 (-?[\d.]+) l\s+(-?[\d.]+) -?[\d.]+ l/g,
    ),
  ].map((match) => {
    const [x, y, h, w] = match.slice(1, 5).map(Number) as [number, number, number, number];
    return [x, y, w, h] as [number, number, number, number];
  });
  const sizes = new Map<string, number>();
  for (const [, , w, h] of squares) {
    if (Math.abs(w - h) < 1e-6) sizes.set(w.toFixed(4), (sizes.get(w.toFixed(4)) ?? 0) + 1);
  }
  const [cellText] = [...sizes].sort((a, b) => b[1] - a[1])[0] ?? [];
  const cell = Number(cellText);
  const modules = squares.filter(
    ([, , w, h]) => w.toFixed(4) === cellText && h.toFixed(4) === cellText,
  );
  const left = Math.min(...modules.map(([x]) => x));
  const top = Math.max(...modules.map(([, y]) => y + cell));
  const size = Math.round(110 / cell);
  const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  for (const [x, y] of modules) {
    const column = Math.round((x - left) / cell);
    const row = Math.round((top - (y + cell)) / cell);
    const line = matrix[row];
    if (line) line[column] = true;
  }
  return matrix;
}

describe('the guide role', () => {
  it('signs in for GUIDE_SESSION_DAYS days (a trek without signal, and the way back)', async () => {
    const session = await signIn(app, demoAccounts.guide.email, demoAccounts.guide.password);
    expect(session.user.role).toBe('guide');
    const days = dayjs(session.expiresAt).diff(dayjs(), 'hour') / 24;
    expect(days).toBeGreaterThan(GUIDE_SESSION_DAYS - 0.1);
    expect(days).toBeLessThanOrEqual(GUIDE_SESSION_DAYS);
  });

  it('gets 404 on every back-office route', async () => {
    const spec = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })));
    expect(routes.length).toBeGreaterThan(40);
    for (const { method, path } of routes) {
      const url = path
        .replace('{tourCode}', TOUR)
        .replace('{date}', soon)
        .replace('{code}', paid.code)
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: bearer(guides.a.token),
        ...(method === 'get' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it("gets 404 on the customers' routes (no booking, no list), and can still sign out", async () => {
    const tour = await loadTour(app, TOUR);
    const save = await postBooking(app, guides.a.token, bookingFor(tour, { date: early }));
    expect(save.statusCode).toBe(404);
    expect((await get(guides.a.token, '/api/tour/booking/list')).statusCode).toBe(404);
    expect((await get(guides.a.token, `/api/tour/booking/${paid.code}`)).statusCode).toBe(404);
    expect((await get(guides.a.token, '/api/tour/credit')).statusCode).toBe(404);
    // Signing out is everyone's (a second session of the demo guide, ended).
    const second = await signIn(app, demoAccounts.guide.email, demoAccounts.guide.password);
    const out = await app.inject({
      method: 'POST',
      url: `/api/authentication/logout/${second.user.id}`,
      headers: bearer(second.token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(second.token, '/api/guide/departures')).statusCode).toBe(401);
  });

  it("is the only one to reach the guide's routes: customers and staff get 404, no token 401", async () => {
    for (const token of [customer.token, agent.token, admin.token]) {
      expect((await get(token, '/api/guide/departures')).statusCode).toBe(404);
      expect((await get(token, `/api/guide/departures/${TOUR}/${soon}`)).statusCode).toBe(404);
      expect((await send(token, [action({ slotId: slots[0] })])).statusCode).toBe(404);
    }
    expect((await app.inject({ url: '/api/guide/departures' })).statusCode).toBe(401);
  });
});

describe("a guide's departures", () => {
  it('lists those assigned, from those a phone still keeps to 60 days ahead, soonest first', async () => {
    // Around the window: one ended long ago, one whose data phones keep until today, one past
    // the 60 days, one cancelled.
    const extra = [dayIn(-10), dayIn(-3), dayIn(61), dayIn(20)];
    await db
      .insert(departures)
      .values(extra.map((date) => ({ tourId, date })))
      .onConflictDoNothing();
    await db
      .update(departures)
      .set({ status: 'cancelled' })
      .where(and(eq(departures.tourId, tourId), eq(departures.date, dayIn(20))));
    await db.insert(crewAssignments).values(
      extra.map((date) => ({
        tourId,
        date,
        crewMemberId: guides.a.crewMemberId,
        role: 'guide' as const,
        lastDay: date,
        assignedBy: demoAccountIds.agent,
      })),
    );
    const response = await get(guides.a.token, '/api/guide/departures');
    expect(response.statusCode, response.body).toBe(200);
    const list = guideDepartureList.parse(response.json());
    expect(list.map((departure) => departure.date)).toEqual([dayIn(-3), soon, early]);
    const first = list[1];
    expect(first).toMatchObject({
      tourCode: TOUR,
      endDate: soon,
      days: 1,
      role: 'guide',
      roleName: 'Guide',
      // The paid booking's three and the unpaid one's (its hold has not ended).
      travellers: 4,
      status: 'open',
      deleteAfter: dayIn(4),
    });
    // The third guide is on none of them.
    const none = await get(guides.c.token, '/api/guide/departures');
    expect(guideDepartureList.parse(none.json())).toEqual([]);
  });
});

describe("a departure's download", () => {
  it('holds the travellers with their slots, references and attendance, the crew, itinerary, emergency numbers, bookings and keys', async () => {
    // A Machu Picchu entry bought for the first traveller and for the guide.
    const [item] = await db
      .insert(tourPurchaseItems)
      .values({ tourId, kind: 'entry', details: { circuit: '2', hour: '10:00' } })
      .returning({ id: tourPurchaseItems.id });
    const person = { note: 'test' };
    await db.insert(personPurchases).values([
      {
        tourId,
        date: soon,
        itemId: item?.id ?? '',
        passengerSlotId: slots[0] ?? '',
        reference: 'MP-2026-000123',
        boughtOn: today,
        person,
        recordedBy: demoAccountIds.agent,
      },
      {
        tourId,
        date: soon,
        itemId: item?.id ?? '',
        crewMemberId: guides.a.crewMemberId,
        reference: 'MP-2026-000999',
        boughtOn: today,
        person,
        recordedBy: demoAccountIds.agent,
      },
    ]);
    const manifest = await download(guides.a.token, soon, { 'x-device-id': 'phone-a' });
    expect(manifest.tourCode).toBe(TOUR);
    expect(manifest.deleteAfter).toBe(dayIn(4));
    expect(Math.abs(dayjs(manifest.generatedAt).diff(dayjs(), 'second'))).toBeLessThan(60);
    // The travellers holding seats: the paid booking's three and the unpaid hold's one.
    expect(manifest.travellers.map((traveller) => traveller.slotId).sort()).toEqual(
      expect.arrayContaining([...slots].sort()),
    );
    expect(manifest.travellers).toHaveLength(4);
    expect(manifest.travellers.map((traveller) => traveller.slotId)).not.toContain(cancelledSlot);
    const first = manifest.travellers.find((traveller) => traveller.slotId === slots[0]);
    expect(first?.references).toEqual([
      { item: 'Entry ticket · 2 · 10:00', reference: 'MP-2026-000123' },
    ]);
    expect(first?.attendance).toBeNull();
    const crew = manifest.crew.find((member) => member.id === guides.a.crewMemberId);
    expect(crew?.references).toEqual([
      { item: 'Entry ticket · 2 · 10:00', reference: 'MP-2026-000999' },
    ]);
    expect(manifest.crew.map((member) => member.id)).toEqual(
      expect.arrayContaining([guides.a.crewMemberId, guides.b.crewMemberId]),
    );
    expect(manifest.itinerary.length).toBeGreaterThan(0);
    expect(manifest.itinerary[0]?.day).toBe(1);
    expect(manifest.emergency).toContainEqual({
      name: 'Cusco Treks (operations, 24 h)',
      phone: AGENCY_PHONE,
    });
    expect(manifest.bookings).toEqual(
      expect.arrayContaining([
        { code: paid.code, passengers: 3, cancelled: false },
        { code: cancelled.code, passengers: 1, cancelled: true },
      ]),
    );
    expect(manifest.voucherKeys.length).toBeGreaterThan(0);
    // The download is recorded for the back office.
    const [sync] = await db
      .select()
      .from(trailSyncs)
      .where(and(eq(trailSyncs.tourId, tourId), eq(trailSyncs.deviceId, 'phone-a')));
    expect(sync?.kind).toBe('download');
  });

  it('is in the language asked for', async () => {
    const manifest = await download(guides.a.token, soon, { 'accept-language': 'es' });
    expect(manifest.emergency[0]?.name).toBe('Cusco Treks (operaciones, 24 h)');
    expect(manifest.crew[0]?.roleName).toBe('Guía');
  });

  it('is 404 for a guide not assigned to it, and 400 for a device id too long', async () => {
    expect((await get(guides.c.token, `/api/guide/departures/${TOUR}/${soon}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await get(guides.a.token, `/api/guide/departures/${TOUR}/${soon}`, {
          'x-device-id': 'x'.repeat(65),
        })
      ).statusCode,
    ).toBe(400);
    expect((await get(guides.a.token, `/api/guide/departures/${TOUR}/not-a-date`)).statusCode).toBe(
      400,
    );
  });
});

describe('actions from the trail', () => {
  const checkIns = () => [
    action({ slotId: slots[0], method: 'qr' }),
    action({ slotId: slots[1], method: 'name' }),
    action({ kind: 'no_show', slotId: slots[2] }),
    action({ kind: 'note', note: 'Twisted ankle at Km 82, walking slowly' }),
    action({ kind: 'note', slotId: slots[0], note: '  Altitude sickness: coca tea  ' }),
  ];
  let batch: ReturnType<typeof checkIns>;

  it('applies a batch, and answers the same batch again as duplicates, recorded once', async () => {
    batch = checkIns();
    const first = await sent(guides.a.token, batch);
    expect(first.map((result) => result.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    expect(first[0]?.attendance).toMatchObject({
      state: 'checked_in',
      method: 'qr',
      by: guides.a.name,
    });
    expect(first[2]?.attendance).toMatchObject({ state: 'no_show', method: null });
    const again = await sent(guides.a.token, batch);
    expect(again.map((result) => result.outcome)).toEqual(Array(5).fill('duplicate'));
    expect(again[0]?.attendance).toMatchObject({ state: 'checked_in', by: guides.a.name });
    for (const sentAction of batch) {
      const rows = await db.select().from(trailActions).where(eq(trailActions.id, sentAction.id));
      expect(rows).toHaveLength(1);
    }
    const [note] = await db
      .select()
      .from(trailActions)
      .where(eq(trailActions.id, batch[4]?.id ?? ''));
    expect(note?.note).toBe('Altitude sickness: coca tea');
    const [sync] = await db
      .select()
      .from(trailSyncs)
      .where(and(eq(trailSyncs.tourId, tourId), eq(trailSyncs.deviceId, 'phone-a')));
    expect(sync?.kind).toBe('actions');
  });

  it('answers an id sent again with other content as a duplicate, with what was stored', async () => {
    const [changed] = await sent(guides.a.token, [
      { ...batch[0], kind: 'no_show', slotId: slots[1] },
    ]);
    expect(changed).toMatchObject({ outcome: 'duplicate', attendance: { state: 'checked_in' } });
    const [row] = await db
      .select()
      .from(trailActions)
      .where(eq(trailActions.id, batch[0]?.id ?? ''));
    expect(row).toMatchObject({ kind: 'check_in', passengerSlotId: slots[0] });
    // Another guide sending that id learns nothing of it.
    const [stranger] = await sent(guides.b.token, [batch[0] ?? {}], 'phone-b');
    expect(stranger).toEqual({
      id: batch[0]?.id,
      outcome: 'refused',
      reason: 'trailNotYourDeparture',
    });
  });

  it("keeps the first check-in: a second guide's is a conflict, recorded and answered with the winner", async () => {
    const second = action({ slotId: slots[0], method: 'name' });
    const [result] = await sent(guides.b.token, [second], 'phone-b');
    expect(result).toMatchObject({
      outcome: 'conflict',
      attendance: { state: 'checked_in', by: guides.a.name },
    });
    const [row] = await db.select().from(trailActions).where(eq(trailActions.id, second.id));
    expect(row?.outcome).toBe('conflict');
    // A no-show of a traveller already checked in is a conflict too.
    const [noShow] = await sent(
      guides.b.token,
      [action({ kind: 'no_show', slotId: slots[1] })],
      'phone-b',
    );
    expect(noShow?.outcome).toBe('conflict');
    // The download shows the winner's attendance.
    const manifest = await download(guides.b.token);
    const first = manifest.travellers.find((traveller) => traveller.slotId === slots[0]);
    expect(first?.attendance).toMatchObject({
      state: 'checked_in',
      method: 'qr',
      by: guides.a.name,
    });
    expect(manifest.notes.map((note) => note.text)).toEqual([
      'Twisted ankle at Km 82, walking slowly',
      'Altitude sickness: coca tea',
    ]);
  });

  it('refuses what is not the guide’s to do, and records none of it', async () => {
    const refused = [
      // Not this guide's departure.
      {
        token: guides.c.token,
        action: action({ slotId: slots[0] }),
        reason: 'trailNotYourDeparture',
      },
      // No such departure at all.
      {
        token: guides.a.token,
        action: action({ tourCode: 'NOPE', slotId: slots[0] }),
        reason: 'trailNotYourDeparture',
      },
      // A traveller of another departure.
      {
        token: guides.a.token,
        action: action({ slotId: earlySlot }),
        reason: 'trailNotATraveller',
      },
      // A slot that is no one's.
      {
        token: guides.a.token,
        action: action({ slotId: randomUUID() }),
        reason: 'trailNotATraveller',
      },
      // A check-in or a no-show without a traveller.
      { token: guides.a.token, action: action({}), reason: 'trailSlotRequired' },
      { token: guides.a.token, action: action({ kind: 'no_show' }), reason: 'trailSlotRequired' },
      // A cancelled booking's traveller.
      {
        token: guides.a.token,
        action: action({ slotId: cancelledSlot }),
        reason: 'trailBookingCancelled',
      },
      // A note with no text.
      {
        token: guides.a.token,
        action: action({ kind: 'note', note: '   ' }),
        reason: 'trailNoteEmpty',
      },
      { token: guides.a.token, action: action({ kind: 'note' }), reason: 'trailNoteEmpty' },
      // A week before the departure.
      {
        token: guides.a.token,
        action: action({ date: early, slotId: earlySlot }),
        reason: 'trailOutsideDates',
      },
    ];
    for (const { token, action: refusedAction, reason } of refused) {
      const [result] = await sent(token, [refusedAction]);
      expect(result, reason).toMatchObject({ outcome: 'refused', reason });
      const rows = await db
        .select()
        .from(trailActions)
        .where(eq(trailActions.id, refusedAction.id));
      expect(rows, reason).toHaveLength(0);
    }
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    const tooMany = Array.from({ length: 101 }, () => action({ kind: 'note', note: 'x' }));
    const bodies: object[] = [
      { deviceId: 'phone-a', actions: tooMany },
      { deviceId: 'phone-a', actions: [] },
      { deviceId: '', actions: [action({ slotId: slots[0] })] },
      { deviceId: 'x'.repeat(65), actions: [action({ slotId: slots[0] })] },
      { deviceId: 'phone-a', actions: [action({ kind: 'note', note: 'a\u0000b' })] },
      { deviceId: 'phone-a', actions: [action({ kind: 'note', note: 'x'.repeat(2001) })] },
      { deviceId: 'phone-a', actions: [action({ id: 'not-a-uuid', slotId: slots[0] })] },
      { deviceId: 'phone-a', actions: [action({ kind: 'dance', slotId: slots[0] })] },
      { deviceId: 'phone-a', actions: [action({ at: 'yesterday', slotId: slots[0] })] },
      { deviceId: 'phone-a', actions: [action({ date: '2026-02-30', slotId: slots[0] })] },
      { deviceId: 'phone-a\u0000', actions: [action({ slotId: slots[0] })] },
    ];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/guide/actions',
        headers: bearer(guides.a.token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/api/guide/actions',
      headers: bearer(guides.a.token),
      payload: {
        deviceId: 'phone-a',
        actions: [action({ kind: 'note', note: 'x'.repeat(1_000_000) })],
      },
    });
    expect(huge.statusCode).toBe(413);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(trailActions)
      .where(eq(trailActions.note, 'x'));
    expect(count?.n).toBe(0);
  });
});

describe("the guide's list after the trail", () => {
  it('counts the travellers checked in', async () => {
    const list = guideDepartureList.parse(
      (await get(guides.b.token, '/api/guide/departures')).json(),
    );
    expect(list.find((departure) => departure.date === soon)).toMatchObject({
      travellers: 4,
      checkedIn: 2,
    });
  });
});

describe("the back office's trail view", () => {
  it('shows each traveller’s attendance, the notes, the conflicts and each phone’s last sync', async () => {
    const response = await get(agent.token, `/api/admin/departures/${TOUR}/${soon}/trail`);
    expect(response.statusCode, response.body).toBe(200);
    const trail = adminTrail.parse(response.json());
    const bySlot = new Map(trail.travellers.map((traveller) => [traveller.slotId, traveller]));
    expect(bySlot.get(slots[0] ?? '')?.attendance).toMatchObject({
      state: 'checked_in',
      method: 'qr',
      by: guides.a.name,
    });
    expect(bySlot.get(slots[2] ?? '')?.attendance?.state).toBe('no_show');
    expect(trail.notes).toHaveLength(2);
    expect(trail.conflicts).toHaveLength(2);
    expect(trail.conflicts.every((conflict) => conflict.by === guides.b.name)).toBe(true);
    expect(trail.syncs.map((sync) => [sync.guide, sync.deviceId]).sort()).toEqual(
      [
        [guides.a.name, 'phone-a'],
        [guides.b.name, 'phone-b'],
      ].sort(),
    );
  });

  it('is the staff’s: a guide and a customer get 404', async () => {
    for (const token of [guides.a.token, customer.token]) {
      expect((await get(token, `/api/admin/departures/${TOUR}/${soon}/trail`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (await get(agent.token, `/api/admin/departures/${TOUR}/2020-01-01/trail`)).statusCode,
    ).toBe(404);
  });
});

describe("guides' accounts", () => {
  const create = (body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(admin.token),
      payload: {
        email: `g.${randomUUID().slice(0, 8)}@guides.example`,
        name: 'Nina',
        lastName: 'Guía',
        password: 'Inti-Raymi-Trail-2027',
        ...body,
      },
    });

  it('are listed with their crew member, and audited', async () => {
    const response = await get(admin.token, '/api/admin/staff');
    const list = staffList.parse(response.json());
    const guide = list.find((member) => member.crewMemberId === guides.a.crewMemberId);
    expect(guide).toMatchObject({ role: 'guide', crewMemberName: 'Wilma Huamán Ccori' });
    const demo = list.find((member) => member.email === demoAccounts.guide.email);
    expect(demo?.role).toBe('guide');
    expect(
      list
        .filter((member) => member.role !== 'guide')
        .every((member) => member.crewMemberId === null),
    ).toBe(true);
    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, 'staff.create'), eq(auditEntries.subjectId, guide?.id ?? '')),
      );
    expect(audit?.after).toMatchObject({ role: 'guide', crewMemberId: guides.a.crewMemberId });
  });

  it('need an active crew member of their own; others name none', async () => {
    const member = await addCrewMember(app, admin.token, licensedGuide({ firstName: 'Nina' }));
    const retired = await addCrewMember(app, admin.token, licensedGuide({ active: false }));
    const cases: [object, number, string][] = [
      [{ role: 'guide' }, 400, 'staffCrewMemberRequired'],
      [{ role: 'agent', crewMemberId: member.id }, 400, 'staffCrewMemberNotForRole'],
      [{ role: 'guide', crewMemberId: randomUUID() }, 422, 'staffCrewMemberNotFound'],
      [{ role: 'guide', crewMemberId: retired.id }, 422, 'staffCrewMemberNotFound'],
      [{ role: 'guide', crewMemberId: guides.a.crewMemberId }, 409, 'staffCrewMemberTaken'],
    ];
    for (const [body, status, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message, JSON.stringify(body)).toBe(
        translate(message as MessageKey, 'en'),
      );
    }
    const created = await create({ role: 'guide', crewMemberId: member.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ role: 'guide', crewMemberId: member.id });
    const [linked] = await db
      .select({ id: crewMembers.id })
      .from(crewMembers)
      .where(eq(crewMembers.id, member.id));
    expect(linked).toBeDefined();
  });
});
