import { spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CrewMemberRequest,
  GUIDE_SESSION_DAYS,
  guideDepartureList,
  guideManifest,
  type LoginResponse,
  type MessageKey,
  todayInLima,
  trailActionsResponse,
  translate,
  verifyVoucherCode,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Executor } from '../src/db/client.ts';
import { crewAssignments, departures, tours, trailActions, voucherKeys } from '../src/db/schema.ts';
import {
  ensureVoucherKey,
  kidOf,
  publishedVoucherKeys,
  retireVoucherKey,
} from '../src/modules/trail/keys.ts';
import { demoAccountIds, demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { seededCompany } from './support/companies.ts';
import { addCrewMember, assign, licensedGuide, unassign } from './support/crew.ts';
import { detailOf } from './support/passengers.ts';
import { programArgs } from './support/programs.ts';

/**
 * Attacks on the guide's app and the signed vouchers (issue 32): other users' tokens on every
 * route, guides on each other's departures and travellers, replayed and concurrent actions,
 * hostile input, forged and stolen voucher codes, the signing keys, the guide's session, what a
 * guide's download carries, and the staff route that makes guides. Each test fails while the hole
 * it names is open.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = LoginResponse;
let admin: Session;
let agent: Session;
let customer: Session;
let stranger: Session;
let corporate: Session;
interface Guide {
  token: string;
  crewMemberId: string;
  crewBody: CrewMemberRequest;
  email: string;
  name: string;
}
/** A and B on the departure of tomorrow; Y on the one of a week on (and not on tomorrow's). */
let guideA: Guide;
let guideB: Guide;
let guideY: Guide;

const TOUR = '400101';
let tourId: string;
const today = todayInLima();
const dayIn = (days: number) => dayjs(today).add(days, 'day').format('YYYY-MM-DD');
const soon = dayIn(1);
const early = dayIn(8);

let paid: { code: string; amount: number };
let unpaid: { code: string; amount: number };
let cancelled: { code: string; amount: number };
let other: { code: string; amount: number };
/** The paid booking's six travellers. */
let slots: string[];
let cancelledSlot: string;
let otherSlot: string;
const PASSWORD = 'Inti-Raymi-Trail-2027';

async function book(date: string, adults: number, token = customer.token) {
  const tour = await loadTour(app, TOUR);
  const body = bookingFor(tour, { adults, date });
  const response = await postBooking(app, token, body);
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

async function newGuide(firstName: string): Promise<Guide> {
  const crewBody = licensedGuide({ firstName });
  const member = await addCrewMember(app, admin.token, crewBody);
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
      password: PASSWORD,
      crewMemberId: member.id,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = await signIn(app, email, PASSWORD);
  return {
    token: session.token,
    crewMemberId: member.id,
    crewBody,
    email,
    name: `${crewBody.firstName} ${crewBody.lastName}`,
  };
}

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { ...bearer(token), ...headers } });

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

const rowsOf = (id: string) => db.select().from(trailActions).where(eq(trailActions.id, id));

/** A 4xx with a JSON error body: never a 5xx, never HTML or an empty answer. */
function expectClientError(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(
    400,
  );
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.headers['content-type'], what).toMatch(/application\/json/);
  expect(typeof response.json().message, what).toBe('string');
}

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  customer = await signUpAndIn(app, { name: 'Yolanda', lastname: 'Choque' });
  stranger = await signUpAndIn(app, { name: 'Eusebio', lastname: 'Mamani' });
  const company = await seededCompany(app, ctx.database.db, 0);
  corporate = { token: company.members[0]?.token ?? '' } as Session;
  const [tour] = await db.select({ id: tours.id }).from(tours).where(eq(tours.code, TOUR));
  tourId = tour?.id ?? '';
  guideA = await newGuide('Wilma');
  guideB = await newGuide('Hilario');
  guideY = await newGuide('Teófilo');

  paid = await book(soon, 6);
  await payAtDesk(paid);
  unpaid = await book(soon, 1);
  cancelled = await book(soon, 1);
  await payAtDesk(cancelled);
  cancelledSlot =
    (await detailOf(app, customer.token, cancelled.code)).passangerRegistry[0]?.id ?? '';
  const cancelling = await app.inject({
    method: 'POST',
    url: `/api/tour/booking/${cancelled.code}/changes`,
    headers: bearer(customer.token),
    payload: { kind: 'cancel' },
  });
  expect(cancelling.statusCode, cancelling.body).toBe(201);
  slots = (await detailOf(app, customer.token, paid.code)).passangerRegistry.map((slot) => slot.id);
  expect(slots).toHaveLength(6);
  other = await book(early, 1, stranger.token);
  await payAtDesk(other);
  otherSlot = (await detailOf(app, stranger.token, other.code)).passangerRegistry[0]?.id ?? '';

  for (const [guide, date] of [
    [guideA, soon],
    [guideB, soon],
    [guideY, early],
  ] as const) {
    const assigned = await assign(app, agent.token, TOUR, date, {
      crewMemberId: guide.crewMemberId,
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
  }
});
afterAll(() => ctx?.close());

describe("another user's token", () => {
  it('gets 404 on every guide route: a customer, a corporate user, an agent, an administrator', async () => {
    for (const [who, token] of [
      ['customer', customer.token],
      ['corporate', corporate.token],
      ['agent', agent.token],
      ['admin', admin.token],
    ] as const) {
      for (const response of [
        await get(token, '/api/guide/departures'),
        await get(token, `/api/guide/departures/${TOUR}/${soon}`),
        await send(token, [action({ slotId: slots[5] })]),
      ]) {
        expect(response.statusCode, who).toBe(404);
      }
    }
    expect(await rowsOf(randomUUID())).toHaveLength(0);
    const [applied] = await db
      .select()
      .from(trailActions)
      .where(eq(trailActions.passengerSlotId, slots[5] ?? ''));
    expect(applied).toBeUndefined();
  });

  it("gets 404 for a guide on the back office's trail view and staff list", async () => {
    for (const url of [`/api/admin/departures/${TOUR}/${soon}/trail`, '/api/admin/staff']) {
      expect((await get(guideA.token, url)).statusCode, url).toBe(404);
    }
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(guideA.token),
      payload: {
        email: `x.${randomUUID().slice(0, 8)}@guides.example`,
        name: 'X',
        lastName: 'Y',
        role: 'admin',
        password: PASSWORD,
      },
    });
    expect(created.statusCode).toBe(404);
  });

  it('lets no guide download, list or act on a departure they are not on', async () => {
    expect((await get(guideY.token, `/api/guide/departures/${TOUR}/${soon}`)).statusCode).toBe(404);
    expect((await get(guideA.token, `/api/guide/departures/${TOUR}/${early}`)).statusCode).toBe(
      404,
    );
    const listed = guideDepartureList.parse(
      (await get(guideA.token, '/api/guide/departures')).json(),
    );
    expect(listed.map((departure) => departure.date)).toEqual([soon]);
    // Y on A's departure, and A on Y's (its date, and its traveller named on A's own departure).
    const attempts = [
      {
        token: guideY.token,
        action: action({ slotId: slots[0] }),
        reason: 'trailNotYourDeparture',
      },
      {
        token: guideA.token,
        action: action({ date: early, slotId: otherSlot }),
        reason: 'trailNotYourDeparture',
      },
      { token: guideA.token, action: action({ slotId: otherSlot }), reason: 'trailNotATraveller' },
      {
        token: guideA.token,
        action: action({ kind: 'note', slotId: otherSlot, note: 'Peeking at another tour' }),
        reason: 'trailNotATraveller',
      },
      {
        token: guideA.token,
        action: action({ kind: 'no_show', slotId: cancelledSlot }),
        reason: 'trailBookingCancelled',
      },
      {
        token: guideA.token,
        action: action({ kind: 'note', slotId: cancelledSlot, note: 'A cancelled one' }),
        reason: 'trailBookingCancelled',
      },
    ];
    for (const attempt of attempts) {
      const [result] = await sent(attempt.token, [attempt.action]);
      expect(result, attempt.reason).toMatchObject({ outcome: 'refused', reason: attempt.reason });
      expect(result?.attendance ?? null).toBeNull();
      expect(await rowsOf(attempt.action.id)).toHaveLength(0);
    }
  });
});

describe('replayed actions', () => {
  it("answers another guide's reuse of an action id without the traveller's attendance, and changes nothing", async () => {
    const original = action({ slotId: slots[0], method: 'qr' });
    const [first] = await sent(guideA.token, [original]);
    expect(first?.outcome).toBe('applied');
    const before = await rowsOf(original.id);
    // Y, on another departure, sends A's id: for A's traveller, then as a note on Y's own.
    for (const replay of [
      { ...original, kind: 'no_show' },
      { ...original, kind: 'note', date: early, slotId: otherSlot, note: 'overwrite' },
    ]) {
      const [result] = await sent(guideY.token, [replay], 'phone-y');
      // Nothing of A's traveller (their attendance, A's name) reaches Y.
      expect(result?.outcome, JSON.stringify(result)).not.toBe('duplicate');
      expect(result?.attendance ?? null, JSON.stringify(result)).toBeNull();
      expect(JSON.stringify(result)).not.toContain(guideA.name);
    }
    // B, on the same departure, sends A's id with other content: stored as A sent it.
    await sent(guideB.token, [{ ...original, kind: 'no_show', slotId: slots[1] }], 'phone-b');
    expect(await rowsOf(original.id)).toEqual(before);
  });

  it("never lets a note's id (in every download) overwrite or reveal it", async () => {
    const note = action({
      kind: 'note',
      slotId: slots[1],
      note: 'Asthma: inhaler in the day pack',
    });
    expect((await sent(guideA.token, [note]))[0]?.outcome).toBe('applied');
    const [stored] = await rowsOf(note.id);
    for (const [token, replay] of [
      [guideA.token, { ...note, note: 'edited by a replay' }],
      [guideB.token, { ...note, note: 'edited by B' }],
      [guideY.token, { ...note, date: early, slotId: otherSlot, note: 'edited by Y' }],
    ] as const) {
      await sent(token, [replay]);
    }
    expect(await rowsOf(note.id)).toEqual([stored]);
  });

  it('applies the rest of a batch exactly once when one action in it is refused, sent again or not', async () => {
    const batch = [
      action({ slotId: slots[2], method: 'name' }),
      action({ slotId: otherSlot }),
      action({ kind: 'note', note: 'Lunch at Aguas Calientes' }),
      action({ kind: 'no_show', slotId: cancelledSlot }),
      action({ kind: 'no_show', slotId: slots[3] }),
    ];
    const outcomes = async () => (await sent(guideA.token, batch)).map((result) => result.outcome);
    expect(await outcomes()).toEqual(['applied', 'refused', 'applied', 'refused', 'applied']);
    // The phone lost the answer (killed mid-sync) and sends it all again, twice.
    expect(await outcomes()).toEqual(['duplicate', 'refused', 'duplicate', 'refused', 'duplicate']);
    expect(await outcomes()).toEqual(['duplicate', 'refused', 'duplicate', 'refused', 'duplicate']);
    const counts = await Promise.all(batch.map(async (item) => (await rowsOf(item.id)).length));
    expect(counts).toEqual([1, 0, 1, 0, 1]);
  });

  it('records an id given twice in one batch once', async () => {
    const twice = action({ kind: 'note', note: 'Rain at Warmiwañusca' });
    const results = await sent(guideA.token, [twice, { ...twice, note: 'second copy' }]);
    expect(results.map((result) => result.outcome)).toEqual(['applied', 'duplicate']);
    const rows = await rowsOf(twice.id);
    expect(rows.map((row) => row.note)).toEqual(['Rain at Warmiwañusca']);
  });
});

describe('hostile input', () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/guide/actions',
      headers: { ...bearer(guideA.token), ...headers },
      payload: payload as object,
    });

  it('answers malformed bodies with a 4xx JSON and stores nothing', async () => {
    const marker = randomUUID();
    const note = (value: unknown) => ({
      deviceId: 'phone-a',
      actions: [action({ id: marker, kind: 'note', note: value })],
    });
    const bodies: [string, unknown][] = [
      ['NUL in the note', note('a\u0000b')],
      ['a lone surrogate in the note', note('ok \ud800 no')],
      ['a lone low surrogate in the device', { deviceId: '\udc00', actions: [action({})] }],
      ['a 1 MB note', note('x'.repeat(1_000_000))],
      ['a 1 MB device id', { deviceId: 'd'.repeat(1_000_000), actions: [action({})] }],
      ['a number as the note', note(42)],
      ['an object as the note', note({ text: 'x' })],
      ['actions as a string', { deviceId: 'phone-a', actions: 'everything' }],
      ['actions as an object', { deviceId: 'phone-a', actions: { 0: action({}) } }],
      ['no device', { actions: [action({ kind: 'note', note: 'x' })] }],
      ['the device a number', { deviceId: 7, actions: [action({})] }],
      ['a numeric id', { deviceId: 'p', actions: [action({ id: 123, kind: 'note', note: 'x' })] }],
      ['a non-uuid slot', { deviceId: 'p', actions: [action({ slotId: "' or 1=1 --" })] }],
      ['a slot as an array', { deviceId: 'p', actions: [action({ slotId: [slots[4]] })] }],
      ['a null slot', { deviceId: 'p', actions: [action({ slotId: null })] }],
      ['2026-02-30', { deviceId: 'p', actions: [action({ date: '2026-02-30' })] }],
      ['year 99999', { deviceId: 'p', actions: [action({ date: '99999-01-01' })] }],
      ['year 0', { deviceId: 'p', actions: [action({ date: '0000-01-01' })] }],
      ['at on 2026-02-30', { deviceId: 'p', actions: [action({ at: '2026-02-30T10:00:00Z' })] }],
      ['at in year 99999', { deviceId: 'p', actions: [action({ at: '+099999-01-01T00:00:00Z' })] }],
      ['at a number', { deviceId: 'p', actions: [action({ at: Date.now() })] }],
      [
        'a tour code of 10 000 characters',
        { deviceId: 'p', actions: [action({ tourCode: 'T'.repeat(10_000) })] },
      ],
      [
        'a huge array',
        {
          deviceId: 'p',
          actions: Array.from({ length: 50_000 }, () => action({ kind: 'note', note: 'x' })),
        },
      ],
      ['an array as the body', [action({})]],
      ['a string as the body', 'check everyone in'],
      ['null as the body', null],
    ];
    for (const [what, body] of bodies) {
      const response =
        body === null
          ? await app.inject({
              method: 'POST',
              url: '/api/guide/actions',
              headers: { ...bearer(guideA.token), 'content-type': 'application/json' },
              payload: 'null',
            })
          : await post(body);
      expectClientError(response, what);
    }
    const raw = await app.inject({
      method: 'POST',
      url: '/api/guide/actions',
      headers: { ...bearer(guideA.token), 'content-type': 'application/json' },
      payload: '{"deviceId":"p","actions":[{"id":"',
    });
    expectClientError(raw, 'truncated JSON');
    const deep = await app.inject({
      method: 'POST',
      url: '/api/guide/actions',
      headers: { ...bearer(guideA.token), 'content-type': 'application/json' },
      payload: `{"deviceId":"p","actions":[{"id":"${marker}","kind":"note","tourCode":"${TOUR}","date":"${soon}","at":"${new Date().toISOString()}","note":${'['.repeat(5000)}${']'.repeat(5000)}}]}`,
    });
    expectClientError(deep, 'deep nesting');
    expect(await rowsOf(marker)).toHaveLength(0);
  });

  it('takes a full batch of the longest notes (what a phone queues on a long trek) in one sync', async () => {
    // TRAIL_BATCH_MAX notes of TRAIL_NOTE_MAX characters, in Spanish and Quechua: within the
    // contract, so never a 413 that would leave the phone's queue stuck for good.
    const text = 'Ñusta Ñawpa: dolor de cabeza, mareo; tomó mate de coca. '
      .repeat(40)
      .slice(0, 2000);
    expect(text).toHaveLength(2000);
    const batch = Array.from({ length: 100 }, () => action({ kind: 'note', note: text }));
    const response = await send(guideA.token, batch);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const results = trailActionsResponse.parse(response.json()).results;
    expect(results.every((result) => result.outcome === 'applied')).toBe(true);
  });

  it('refuses an action timed far in the past or the future, rather than storing that time', async () => {
    for (const at of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1970-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      dayjs().add(30, 'day').toISOString(),
      dayjs().subtract(60, 'day').toISOString(),
    ]) {
      const timed = action({ kind: 'note', note: `timed ${at}`, at });
      const response = await send(guideA.token, [timed]);
      expect(response.statusCode, `${at}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode === 200) {
        const [result] = trailActionsResponse.parse(response.json()).results;
        expect(result, at).toMatchObject({ outcome: 'refused' });
      }
      expect(await rowsOf(timed.id), at).toHaveLength(0);
    }
    // A phone's clock a few minutes off (or in another zone's offset) is fine.
    const skewed = action({
      kind: 'note',
      note: 'clock a little ahead',
      at: dayjs().add(10, 'minute').format('YYYY-MM-DDTHH:mm:ss-05:00'),
    });
    expect((await sent(guideA.token, [skewed]))[0]?.outcome).toBe('applied');
  });

  it('answers odd path parameters of the download with a 4xx JSON', async () => {
    for (const path of [
      `${TOUR}/2026-02-30`,
      `${TOUR}/99999-01-01`,
      `${TOUR}/0000-00-00`,
      `%00/${soon}`,
      `${TOUR}%00/${soon}`,
      `${TOUR}/${soon}%00`,
      `%ED%A0%80/${soon}`,
      `${'T'.repeat(5000)}/${soon}`,
      `${TOUR}/${'9'.repeat(5000)}`,
    ]) {
      const response = await get(guideA.token, `/api/guide/departures/${path}`);
      expectClientError(response, path);
    }
    for (const path of [`%00/${soon}`, `${TOUR}/2026-02-30`, `${TOUR}/99999-01-01`]) {
      expectClientError(await get(agent.token, `/api/admin/departures/${path}/trail`), path);
    }
  });

  it('answers an abusive X-Device-Id with a 4xx JSON and records no sync of it', async () => {
    for (const [what, value] of [
      ['long', 'x'.repeat(10_000)],
      ['NUL', 'phone\u0000a'],
      ['blank', '   '],
      ['a control character', 'phone\u0001a'],
    ] as const) {
      let response: LightMyRequestResponse;
      try {
        response = await get(guideA.token, `/api/guide/departures/${TOUR}/${soon}`, {
          'x-device-id': value,
        });
      } catch {
        // Refused before reaching the app (an invalid header value): nothing stored either.
        continue;
      }
      expectClientError(response, what);
    }
    // Latin-1 (what a header's bytes read as) is a device id like any other, kept as given.
    const latin = await get(guideA.token, `/api/guide/departures/${TOUR}/${soon}`, {
      'x-device-id': 'teléfono-ñ',
    });
    expect(latin.statusCode, latin.body).toBe(200);
  });
});

describe('voucher codes', () => {
  it("never gives a signed code for a booking the user does not own, nor an unpaid or cancelled one's", async () => {
    for (const token of [stranger.token, corporate.token]) {
      for (const url of [
        `/api/tour/booking/${paid.code}`,
        `/api/tour/booking/${paid.code}/voucher.pdf`,
      ]) {
        const response = await get(token, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toMatch(/CT1\./);
      }
    }
    for (const booking of [unpaid, cancelled]) {
      const detail = await detailOf(app, customer.token, booking.code);
      expect(detail.booking.voucherCode, booking.code).toBeNull();
    }
    // The PDF of the unpaid one is refused; the cancelled one's QR holds no signed code.
    const unpaidPdf = await get(customer.token, `/api/tour/booking/${unpaid.code}/voucher.pdf`);
    expect(unpaidPdf.statusCode).toBeGreaterThanOrEqual(400);
    expect(unpaidPdf.statusCode).toBeLessThan(500);
  });

  it("verifies no code whose booking, date or travellers were changed, nor one made of another's parts", async () => {
    const keys = await publishedVoucherKeys(db);
    const mine = (await detailOf(app, customer.token, paid.code)).booking.voucherCode ?? '';
    const theirs = (await detailOf(app, stranger.token, other.code)).booking.voucherCode ?? '';
    expect((await verifyVoucherCode(mine, keys)).ok).toBe(true);
    const [, code, date, pax, kid, signature] = mine.split('.');
    const [, otherCode, otherDate, otherPax] = theirs.split('.');
    for (const forged of [
      // Another booking's facts under this one's signature.
      ['CT1', otherCode, otherDate, otherPax, kid, signature].join('.'),
      ['CT1', code, date, '99', kid, signature].join('.'),
      ['CT1', (code ?? '').toLowerCase(), date, pax, kid, signature].join('.'),
      ['CT1', code, date, pax, kid, `${signature}A`].join('.'),
      ['CT1', code, date, pax, kid, ''].join('.'),
      ['CT2', code, date, pax, kid, signature].join('.'),
      `${mine}.extra`,
      `${mine}\u0000`,
    ]) {
      expect((await verifyVoucherCode(forged, keys)).ok, forged).toBe(false);
    }
  });
});

describe('the signing keys', () => {
  it('never puts a private key in an answer: the download, the detail, the trail view, the docs', async () => {
    const privateKeys = (
      await db
        .select({ key: voucherKeys.privateKey })
        .from(voucherKeys)
        .where(isNotNull(voucherKeys.privateKey))
    ).map((row) => row.key ?? '');
    expect(privateKeys.length).toBeGreaterThan(0);
    const answers = [
      await get(guideA.token, `/api/guide/departures/${TOUR}/${soon}`),
      await get(guideA.token, '/api/guide/departures'),
      await get(customer.token, `/api/tour/booking/${paid.code}`),
      await get(agent.token, `/api/admin/bookings/${paid.code}`),
      await get(agent.token, `/api/admin/departures/${TOUR}/${soon}/trail`),
      await get(admin.token, '/api/admin/staff'),
      await app.inject({ url: '/api/docs/json' }),
    ];
    for (const response of answers) {
      for (const key of privateKeys) {
        // The whole key, or any long stretch of it.
        expect(response.body).not.toContain(key.slice(40, 80));
      }
      expect(response.body).not.toMatch(/PRIVATE KEY|pkcs8|privateKey/i);
    }
  });

  it('keeps a configured key out of the configuration errors', () => {
    const wrongCurve = generateKeyPairSync('ec', { namedCurve: 'secp384r1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const body = wrongCurve.split('\n')[2] ?? '';
    expect(body.length).toBeGreaterThan(20);
    for (const value of [wrongCurve, `${wrongCurve.slice(0, 120)}garbage`]) {
      let message = '';
      try {
        loadConfig({ VOUCHER_SIGNING_KEY: value });
      } catch (error) {
        message = error instanceof Error ? `${error.message} ${error.stack}` : String(error);
      }
      expect(message).toMatch(/VOUCHER_SIGNING_KEY/);
      expect(message).not.toContain(body);
      expect(message).not.toContain('BEGIN PRIVATE KEY');
    }
  });
});

describe("the guide's session and access", () => {
  it('lasts at most GUIDE_SESSION_DAYS, and ends at sign-out', async () => {
    const session = await signIn(app, guideA.email, PASSWORD);
    expect(dayjs(session.expiresAt).diff(dayjs(), 'minute')).toBeLessThanOrEqual(
      GUIDE_SESSION_DAYS * 24 * 60,
    );
    const out = await app.inject({
      method: 'POST',
      url: `/api/authentication/logout/${session.user.id}`,
      headers: bearer(session.token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(session.token, `/api/guide/departures/${TOUR}/${soon}`)).statusCode).toBe(
      401,
    );
  });

  it('records nothing more on a departure cancelled after the phone downloaded it', async () => {
    const date = dayIn(0);
    await db.insert(departures).values({ tourId, date }).onConflictDoNothing();
    await db
      .insert(crewAssignments)
      .values({
        tourId,
        date,
        crewMemberId: guideY.crewMemberId,
        role: 'guide' as const,
        lastDay: date,
        assignedBy: demoAccountIds.agent,
      })
      .onConflictDoNothing();
    const note = () => action({ kind: 'note', date, note: 'Rain at the pass' });
    expect((await sent(guideY.token, [note()], 'phone-y'))[0]?.outcome).toBe('applied');
    await db
      .update(departures)
      .set({ status: 'cancelled' })
      .where(and(eq(departures.tourId, tourId), eq(departures.date, date)));
    const late = note();
    expect((await sent(guideY.token, [late], 'phone-y'))[0]).toMatchObject({
      outcome: 'refused',
      reason: 'trailDepartureCancelled',
    });
    expect(await rowsOf(late.id)).toEqual([]);
  });

  it('downloads no departure past the days a phone keeps it, too far ahead, or cancelled', async () => {
    const dates = { past: dayIn(-30), ahead: dayIn(90), called: dayIn(25) };
    await db
      .insert(departures)
      .values(Object.values(dates).map((date) => ({ tourId, date })))
      .onConflictDoNothing();
    await db
      .update(departures)
      .set({ status: 'cancelled' })
      .where(and(eq(departures.tourId, tourId), eq(departures.date, dates.called)));
    await db.insert(crewAssignments).values(
      Object.values(dates).map((date) => ({
        tourId,
        date,
        crewMemberId: guideY.crewMemberId,
        role: 'guide' as const,
        lastDay: date,
        assignedBy: demoAccountIds.agent,
      })),
    );
    // Travellers on the one long past (a booking made then, as the seed makes them).
    const listed = guideDepartureList.parse(
      (await get(guideY.token, '/api/guide/departures')).json(),
    );
    expect(listed.map((departure) => departure.date)).toEqual([early]);
    for (const [which, date] of Object.entries(dates)) {
      const response = await get(guideY.token, `/api/guide/departures/${TOUR}/${date}`);
      expect(response.statusCode, `${which} ${date}: ${response.body.slice(0, 200)}`).toBe(404);
    }
  });

  it('loses the download and the actions once unassigned', async () => {
    const member = await newGuide('Saturnino');
    expect(
      (await assign(app, agent.token, TOUR, soon, { crewMemberId: member.crewMemberId }))
        .statusCode,
    ).toBeLessThan(300);
    expect((await get(member.token, `/api/guide/departures/${TOUR}/${soon}`)).statusCode).toBe(200);
    const removed = await unassign(app, agent.token, TOUR, soon, member.crewMemberId);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await get(member.token, `/api/guide/departures/${TOUR}/${soon}`)).statusCode).toBe(404);
    const late = action({ kind: 'note', note: 'after removal' });
    expect((await sent(member.token, [late]))[0]).toMatchObject({
      outcome: 'refused',
      reason: 'trailNotYourDeparture',
    });
  });

  it('loses everything once its crew member is made inactive, assignments or not', async () => {
    const member = await newGuide('Casimira');
    expect(
      (await assign(app, agent.token, TOUR, soon, { crewMemberId: member.crewMemberId }))
        .statusCode,
    ).toBeLessThan(300);
    const url = `/api/guide/departures/${TOUR}/${soon}`;
    expect((await get(member.token, url)).statusCode).toBe(200);
    const retired = await app.inject({
      method: 'PUT',
      url: `/api/admin/crew/${member.crewMemberId}`,
      headers: bearer(admin.token),
      payload: { ...member.crewBody, active: false },
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const download = await get(member.token, url);
    expect(download.statusCode, download.body.slice(0, 200)).toBe(404);
    expect(download.body).not.toContain(slots[0]);
    const list = await get(member.token, '/api/guide/departures');
    expect(list.statusCode === 404 || list.json().length === 0, list.body).toBe(true);
    const late = action({ kind: 'note', note: 'after leaving' });
    const response = await send(member.token, [late]);
    expect(response.statusCode).toBeLessThan(500);
    expect(await rowsOf(late.id)).toHaveLength(0);
  });
});

describe("what a guide's download carries", () => {
  it("holds nothing of another departure's bookings", async () => {
    const note = action({
      date: early,
      kind: 'note',
      note: 'Y-only secret note',
      slotId: otherSlot,
    });
    // Y's own note on Y's departure (too early to act: inserted as the server would have).
    await db.insert(trailActions).values({
      id: note.id,
      tourId,
      date: early,
      kind: 'note',
      passengerSlotId: otherSlot,
      note: 'Y-only secret note',
      outcome: 'applied',
      recordedBy: demoAccountIds.agent,
      deviceId: 'phone-y',
      happenedAt: new Date(),
    });
    const response = await get(guideA.token, `/api/guide/departures/${TOUR}/${soon}`);
    expect(response.statusCode).toBe(200);
    const manifest = guideManifest.parse(response.json());
    expect(response.body).not.toContain(other.code);
    expect(response.body).not.toContain(otherSlot);
    expect(response.body).not.toContain('Y-only secret note');
    expect(manifest.bookings.map((booking) => booking.code).sort()).toEqual(
      [paid.code, unpaid.code, cancelled.code].sort(),
    );
    // A cancelled booking is named (to flag its voucher) but none of its travellers is listed.
    expect(manifest.travellers.map((traveller) => traveller.slotId)).not.toContain(cancelledSlot);
    expect(manifest.travellers.every((traveller) => traveller.bookingCode !== cancelled.code)).toBe(
      true,
    );
  });
});

describe("the staff route for guides' accounts", () => {
  const create = (token: string, crewMemberId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(token),
      payload: {
        email: `g.${randomUUID().slice(0, 8)}@guides.example`,
        name: 'Nina',
        lastName: 'Guía',
        password: PASSWORD,
        role: 'guide',
        crewMemberId,
      },
    });

  it('refuses an agent (403) and a guide (404), and a second account for one crew member (409)', async () => {
    const member = await addCrewMember(app, admin.token, licensedGuide({ firstName: 'Nina' }));
    expect((await create(agent.token, member.id)).statusCode).toBe(403);
    expect((await create(guideA.token, member.id)).statusCode).toBe(404);
    expect((await create(customer.token, member.id)).statusCode).toBe(404);
    const taken = await create(admin.token, guideA.crewMemberId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(translate('staffCrewMemberTaken' as MessageKey, 'en'));
  });

  it.runIf(isPostgres)('makes one account when two ask for one crew member at once', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await addCrewMember(app, admin.token, licensedGuide({ firstName: 'Nina' }));
      const answers = await Promise.all([
        create(admin.token, member.id),
        create(admin.token, member.id),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().message).toBe(translate('staffCrewMemberTaken' as MessageKey, 'en'));
    }
  });
});

describe.runIf(isPostgres)('at once, on PostgreSQL', () => {
  it('applies one of two identical requests sent at once, and records it once', async () => {
    for (const slotId of [slots[4], slots[5]]) {
      const same = [
        action({ slotId, method: 'qr' }),
        action({ kind: 'note', note: `at once ${slotId}` }),
      ];
      const answers = await Promise.all(Array.from({ length: 4 }, () => sent(guideA.token, same)));
      for (const [index, item] of same.entries()) {
        const outcomes = answers.map((results) => results[index]?.outcome).sort();
        expect(outcomes, item.kind).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
        expect(await rowsOf(item.id)).toHaveLength(1);
      }
    }
  });

  it('records one action when two guides send one id at once, and tells the second nothing of it', async () => {
    const fresh = await book(soon, 4);
    await payAtDesk(fresh);
    const travellers = (await detailOf(app, customer.token, fresh.code)).passangerRegistry.map(
      (slot) => slot.id,
    );
    for (let round = 0; round < 2; round++) {
      const id = randomUUID();
      const [a, b] = await Promise.all([
        sent(
          guideA.token,
          [action({ id, slotId: travellers[round * 2], method: 'qr' })],
          'phone-a',
        ),
        sent(guideB.token, [action({ id, slotId: travellers[round * 2 + 1] })], 'phone-b'),
      ]);
      const results = [a[0], b[0]];
      const rows = await rowsOf(id);
      expect(rows).toHaveLength(1);
      const winner = rows[0]?.recordedBy;
      const loser = results.find((result) => result?.outcome !== 'applied');
      expect(
        results.filter((result) => result?.outcome === 'applied'),
        String(winner),
      ).toHaveLength(1);
      expect(loser, JSON.stringify(results)).toMatchObject({ outcome: 'refused' });
      expect(loser?.attendance ?? null).toBeNull();
    }
  });

  it('lets exactly one of two guides check one traveller in at once: the other is a conflict', async () => {
    const fresh = await book(soon, 8);
    await payAtDesk(fresh);
    const travellers = (await detailOf(app, customer.token, fresh.code)).passangerRegistry.map(
      (slot) => slot.id,
    );
    for (const slotId of travellers) {
      const [a, b] = await Promise.all([
        sent(guideA.token, [action({ slotId, method: 'qr' })], 'phone-a'),
        sent(guideB.token, [action({ kind: 'no_show', slotId })], 'phone-b'),
      ]);
      const outcomes = [a[0]?.outcome, b[0]?.outcome].sort();
      expect(outcomes, slotId).toEqual(['applied', 'conflict']);
      const rows = await db
        .select()
        .from(trailActions)
        .where(eq(trailActions.passengerSlotId, slotId));
      expect(rows.filter((row) => row.outcome === 'applied')).toHaveLength(1);
      expect(rows).toHaveLength(2);
      // Both answers name the same winner.
      expect(a[0]?.attendance).toEqual(b[0]?.attendance);
    }
  });
});

/** A P-256 key in PKCS #8 PEM, as VOUCHER_SIGNING_KEY holds it. */
const p256Pem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('a configured signing key', () => {
  it('is in no log line, and its codes verify with what the guides download', async () => {
    const pem = p256Pem();
    const lines: string[] = [];
    const config = testConfig();
    const configured = await buildApp({
      db: ctx.database.db,
      config: { ...config, trail: { ...config.trail, voucherSigningKey: pem } },
      databaseKind: ctx.database.kind,
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await configured.ready();
      const code = (
        await configured.inject({
          url: `/api/tour/booking/${paid.code}`,
          headers: bearer(customer.token),
        })
      ).json().booking.voucherCode as string;
      const download = await configured.inject({
        url: `/api/guide/departures/${TOUR}/${soon}`,
        headers: { ...bearer(guideA.token), 'x-device-id': 'phone-log' },
      });
      expect(download.statusCode).toBe(200);
      const keys = guideManifest.parse(download.json()).voucherKeys;
      expect(await verifyVoucherCode(code, keys)).toMatchObject({ ok: true });
      await configured.inject({
        url: '/api/guide/departures/%00/x',
        headers: bearer(guideA.token),
      });
    } finally {
      await configured.close();
    }
    const stored = (
      await db
        .select({ key: voucherKeys.privateKey })
        .from(voucherKeys)
        .where(isNotNull(voucherKeys.privateKey))
    ).map((row) => row.key ?? '');
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(log).not.toContain(pem.split('\n')[1]);
    expect(log).not.toMatch(/PRIVATE KEY/);
    for (const key of stored) expect(log).not.toContain(key.slice(40, 80));
    expect(log).not.toContain(guideA.token);
  });

  it('is published again when a node starts with a key retired before (a roll back to it)', async () => {
    const pem = p256Pem();
    const kid = kidOf(
      createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'der' }),
    );
    // Configured once, then rotated away from and retired (without it configured)…
    await ensureVoucherKey(db, pem);
    expect(await retireVoucherKey(db, kid)).toBe(true);
    // …and configured again: the node that starts with it signs with it.
    const config = testConfig();
    const rolledBack = await buildApp({
      db: ctx.database.db,
      config: { ...config, trail: { ...config.trail, voucherSigningKey: pem } },
      databaseKind: ctx.database.kind,
    });
    try {
      await rolledBack.ready();
      const code = (
        await rolledBack.inject({
          url: `/api/tour/booking/${paid.code}`,
          headers: bearer(customer.token),
        })
      ).json().booking.voucherCode as string;
      expect(code.split('.')[4]).toBe(kid);
      // What the guides download verifies it.
      expect(await verifyVoucherCode(code, await publishedVoucherKeys(db))).toMatchObject({
        ok: true,
      });
    } finally {
      await rolledBack.close();
    }
  });

  it.runIf(isPostgres)(
    'cannot be retired by the CLI while it signs, and the CLI prints no private key',
    async () => {
      const pem = p256Pem();
      const kid = kidOf(
        createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'der' }),
      );
      const env = { VOUCHER_SIGNING_KEY: pem };
      // Stored as a node starting with it stores it.
      await ensureVoucherKey(db, pem);
      const retire = await voucherKeyCli(['retire', kid], env);
      const published = (await publishedVoucherKeys(db)).map((key) => key.kid);
      expect(published, retire.out).toContain(kid);
      expect(retire.code, retire.out).not.toBe(0);
      expect(retire.out).toMatch(/VOUCHER_SIGNING_KEY/);
      const list = await voucherKeyCli(['list'], env);
      expect(list.code, list.out).toBe(0);
      expect(list.out).toContain(kid);
      const stored = (
        await db
          .select({ key: voucherKeys.privateKey })
          .from(voucherKeys)
          .where(isNotNull(voucherKeys.privateKey))
      ).map((row) => row.key ?? '');
      for (const output of [retire.out, list.out]) {
        expect(output).not.toMatch(/PRIVATE KEY/);
        expect(output).not.toContain(pem.split('\n')[1]);
        for (const key of stored) expect(output).not.toContain(key.slice(40, 80));
      }
    },
    60_000,
  );
});

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run voucher-key` (its build) on the test's PostgreSQL database. */
function voucherKeyCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, programArgs('voucher-key', args), {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATABASE_URL: ctx.database.url ?? '',
        SEED_DEMO_DATA: 'false',
        PAYMENT_GATEWAY: 'sandbox',
        LOG_LEVEL: 'silent',
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}
