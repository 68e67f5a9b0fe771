import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  bookings,
  clients,
  crewAssignments,
  crewMembers,
  documentChangeRequests,
  ledgerEntries,
  personPurchases,
} from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { addCrewMember, newCrewMember } from './support/crew.ts';
import {
  detailOf,
  jpegBytes,
  loadPassengerOptions,
  multipartBody,
  type PassengerOptions,
  passengerBody,
  pngBytes,
  type UploadFile,
} from './support/passengers.ts';
import {
  bookTrail,
  departureOf,
  fillSlot,
  itemOf,
  mark,
  markBought,
  TRAIL,
  trailDate,
} from './support/purchases.ts';

/**
 * Issue 29's new routes, attacked as an outsider would: the crew, the purchases and their CSV,
 * the document changes and their scans, the manifest, and the lock on passengers' writes. Every
 * answer is a JSON 4xx for a wrong caller or a wrong input (never a 5xx, never a leak), nothing
 * is written twice when the same request races itself, and the fee is added exactly once.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Database;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
let stranger: Session;
let options: PassengerOptions;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Ana', lastname: 'Quispe' });
  stranger = await signUpAndIn(app, { name: 'Tomás', lastname: 'Ccori' });
  options = await loadPassengerOptions(app, customer.token);
});
afterAll(() => ctx?.close());

let spread = 300;
const nextDate = () => {
  spread += 3;
  return trailDate(150, spread);
};

/** A departure of the trail with two travellers filled in; the permit bought for the first. */
async function lockedBooking() {
  const date = nextDate();
  const { code, detail } = await bookTrail(app, customer.token, { adults: 2, date });
  const [lucia, julio] = detail.passangerRegistry;
  if (!lucia || !julio) throw new Error('two slots expected');
  const clientId = await fillSlot(app, customer.token, options, code, lucia.id, {
    firstName: 'Lucía',
    lastName: 'Mamani',
    documentNumber: 'P1234567',
  });
  const julioId = await fillSlot(app, customer.token, options, code, julio.id, {
    firstName: 'Julio',
    lastName: 'Ttito',
    documentNumber: 'P7654321',
  });
  const permit = await itemOf(app, agent.token, date, 'permit');
  await markBought(app, agent.token, date, permit, [{ passengerSlotId: lucia.id }]);
  return { date, code, clientId, julioId, lucia: lucia.id, julio: julio.id, permit };
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

const call = (token: string | null, request: Call, headers: Record<string, string> = {}) =>
  app.inject({
    method: request.method,
    url: request.url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });

/** A clear JSON 4xx: a status below 500 and above 399, a JSON body with a message. */
function expectJson4xx(response: InjectResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(
    400,
  );
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(response.headers['content-type'], label).toMatch(/application\/json/);
  expect(typeof response.json().message, label).toBe('string');
}

const scans = (): Record<string, UploadFile> => ({
  oldDocument: { bytes: pngBytes(), name: 'old.png', type: 'image/png' },
  newDocument: { bytes: jpegBytes(), name: 'new.jpg', type: 'image/jpeg' },
});

async function askChange(
  code: string,
  slotId: string,
  fields: Record<string, string>,
  files: Record<string, UploadFile> = scans(),
  token = customer.token,
) {
  const { payload, headers } = await multipartBody(files, fields);
  return app.inject({
    method: 'POST',
    url: `/api/tour/booking/${code}/passengers/${slotId}/document-change`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

/** The document-change fee lines of a booking's ledger. */
async function feeLines(bookingCode: string) {
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.code, bookingCode));
  return db
    .select({ amount: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.bookingId, booking?.id ?? ''),
        like(ledgerEntries.description, 'document-change|%'),
      ),
    );
}

describe('who may call', () => {
  it('answers 401 without a token, 404 to customers (theirs or not), 403 to an agent on admin-only calls', async () => {
    const booked = await lockedBooking();
    const asked = await askChange(booked.code, booked.lucia, { documentNumber: 'X1112223' });
    expect(asked.statusCode, asked.body).toBe(201);
    const changeId = asked.json().id as string;
    const purchaseId = (await departureOf(app, agent.token, booked.date)).people
      .find((person) => person.passengerSlotId === booked.lucia)
      ?.items.find((item) => item.itemId === booked.permit)?.purchaseId;
    const member = await addCrewMember(app, admin.token, newCrewMember());
    const base = `/api/admin/departures/${TRAIL}/${booked.date}`;
    const staffCalls: Call[] = [
      { method: 'GET', url: '/api/admin/crew' },
      { method: 'GET', url: `${base}/crew` },
      { method: 'POST', url: `${base}/crew`, payload: { crewMemberId: member.id } },
      { method: 'DELETE', url: `${base}/crew/${member.id}` },
      { method: 'GET', url: '/api/admin/purchases' },
      { method: 'GET', url: `${base}/purchases` },
      { method: 'GET', url: `${base}/purchases.csv?kind=permit` },
      {
        method: 'POST',
        url: `${base}/purchases`,
        payload: {
          item: booked.permit,
          people: [{ passengerSlotId: booked.julio }],
          reference: 'X',
        },
      },
      {
        method: 'POST',
        url: `/api/admin/purchases/${purchaseId}/cancel`,
        payload: { reason: 'x' },
      },
      { method: 'GET', url: `${base}/manifest` },
      { method: 'GET', url: `${base}/manifest.csv` },
      { method: 'GET', url: `${base}/manifest.pdf` },
      { method: 'GET', url: '/api/admin/document-changes' },
      { method: 'GET', url: `/api/admin/document-changes/${changeId}` },
      { method: 'GET', url: `/api/admin/document-changes/${changeId}/scans/old` },
      {
        method: 'POST',
        url: `/api/admin/document-changes/${changeId}/confirm`,
        payload: { reference: 'R' },
      },
      {
        method: 'POST',
        url: `/api/admin/document-changes/${changeId}/refuse`,
        payload: { reason: 'R' },
      },
    ];
    const adminOnly: Call[] = [
      { method: 'POST', url: '/api/admin/crew', payload: newCrewMember() },
      { method: 'PUT', url: `/api/admin/crew/${member.id}`, payload: newCrewMember() },
      {
        method: 'PUT',
        url: `/api/admin/tours/${TRAIL}/purchase-items`,
        payload: { revision: 0, items: [] },
      },
    ];
    for (const request of [...staffCalls, ...adminOnly]) {
      const label = `${request.method} ${request.url}`;
      const none = await call(null, request);
      expect(none.statusCode, `${label} without a token`).toBe(401);
      for (const token of [customer.token, stranger.token]) {
        const answer = await call(token, request);
        expect(answer.statusCode, `${label} as a customer: ${answer.body}`).toBe(404);
        expect(answer.body).not.toContain(booked.code);
        expect(answer.body).not.toContain('Mamani');
      }
    }
    for (const request of adminOnly) {
      const answer = await call(agent.token, request);
      expect(answer.statusCode, `${request.method} ${request.url} as an agent`).toBe(403);
    }
    // Nothing of the calls above was written: the purchase stays, the change is still open.
    const [change] = await db
      .select({ status: documentChangeRequests.status })
      .from(documentChangeRequests)
      .where(eq(documentChangeRequests.id, changeId));
    expect(change?.status).toBe('requested');
    expect(
      await db.select().from(crewAssignments).where(eq(crewAssignments.crewMemberId, member.id)),
    ).toHaveLength(0);

    // A second customer's token on the customer's own routes: 404 with no leak.
    const customerCalls: Call[] = [
      { method: 'GET', url: `/api/tour/booking/${booked.code}/document-changes` },
      {
        method: 'POST',
        url: `/api/tour/booking/${booked.code}/document-changes/${changeId}/withdraw`,
      },
    ];
    for (const request of customerCalls) {
      const answer = await call(stranger.token, request);
      expect(answer.statusCode, `${request.url}: ${answer.body}`).toBe(404);
      expect(answer.body).not.toContain('Mamani');
      expect((await call(null, request)).statusCode).toBe(401);
    }
    const theirs = await askChange(
      booked.code,
      booked.julio,
      { documentNumber: 'Z1' },
      scans(),
      stranger.token,
    );
    expect(theirs.statusCode, theirs.body).toBe(404);
    // Her own withdraw through another booking's code: 404.
    const other = await bookTrail(app, customer.token, { adults: 1, date: nextDate() });
    const crossed = await call(customer.token, {
      method: 'POST',
      url: `/api/tour/booking/${other.code}/document-changes/${changeId}/withdraw`,
    });
    expect(crossed.statusCode, crossed.body).toBe(404);
  });
});

describe('malformed input', () => {
  it('answers every hostile path, query and body with a JSON 4xx', async () => {
    const booked = await lockedBooking();
    const huge = 'x'.repeat(1024 * 1024);
    const base = `/api/admin/departures/${TRAIL}/${booked.date}`;
    const badDates = ['2027-02-30', '99999-01-01', '2027-13-01', '0000-00-00', 'today', '2027-1-1'];
    const badTours = ['..%2F..%2Fetc', '%00', 'tour%E2%80%8B', '%C3%B1and%C3%BA', 'x'.repeat(40)];
    const badIds = [
      'not-a-uuid',
      '00000000-0000-0000-0000-00000000000g',
      '%00',
      '..%2F',
      randomUUID(),
    ];
    const paths: Call[] = [];
    for (const date of badDates) {
      for (const suffix of [
        'crew',
        'purchases',
        'purchases.csv?kind=permit',
        'manifest',
        'manifest.csv',
        'manifest.pdf',
      ]) {
        paths.push({ method: 'GET', url: `/api/admin/departures/${TRAIL}/${date}/${suffix}` });
      }
      paths.push({ method: 'GET', url: `/api/admin/purchases?from=${date}` });
      paths.push({ method: 'GET', url: `/api/admin/purchases?to=${date}` });
    }
    for (const tour of badTours) {
      for (const suffix of ['crew', 'purchases', 'purchases.csv?kind=permit', 'manifest.pdf']) {
        paths.push({
          method: 'GET',
          url: `/api/admin/departures/${tour}/${booked.date}/${suffix}`,
        });
      }
      paths.push({
        method: 'PUT',
        url: `/api/admin/tours/${tour}/purchase-items`,
        payload: { revision: 0, items: [] },
      });
    }
    for (const id of badIds) {
      paths.push({ method: 'GET', url: `/api/admin/document-changes/${id}` });
      paths.push({ method: 'GET', url: `/api/admin/document-changes/${id}/scans/old` });
      paths.push({ method: 'GET', url: `/api/admin/document-changes/${id}/scans/..%2F` });
      paths.push({
        method: 'POST',
        url: `/api/admin/document-changes/${id}/confirm`,
        payload: { reference: 'R' },
      });
      paths.push({
        method: 'POST',
        url: `/api/admin/document-changes/${id}/refuse`,
        payload: { reason: 'R' },
      });
      paths.push({
        method: 'POST',
        url: `/api/admin/purchases/${id}/cancel`,
        payload: { reason: 'R' },
      });
      paths.push({ method: 'DELETE', url: `${base}/crew/${id}` });
      paths.push({ method: 'PUT', url: `/api/admin/crew/${id}`, payload: newCrewMember() });
      paths.push({
        method: 'POST',
        url: `/api/tour/booking/${booked.code}/document-changes/${id}/withdraw`,
      });
    }
    paths.push({ method: 'GET', url: `${base}/purchases.csv?kind=../../x` });
    paths.push({ method: 'GET', url: `${base}/purchases.csv` });
    paths.push({ method: 'GET', url: `${base}/purchases.csv?kind=permit&kind=entry` });
    paths.push({ method: 'GET', url: '/api/admin/purchases?kind=%00' });
    paths.push({ method: 'GET', url: '/api/admin/purchases?from=2027-01-01&to=2026-01-01' });
    paths.push({ method: 'GET', url: '/api/admin/purchases?from=1900-01-01&to=2999-12-31' });
    paths.push({ method: 'GET', url: `/api/admin/crew?search=${'%00'.repeat(10)}` });
    paths.push({ method: 'GET', url: `/api/admin/crew?search=${'a'.repeat(5000)}` });
    paths.push({ method: 'GET', url: '/api/admin/crew?page=-1&size=NaN' });
    paths.push({ method: 'GET', url: '/api/admin/document-changes?status=%00&booking=../x' });
    paths.push({ method: 'GET', url: '/api/admin/document-changes?page=1e9&size=1e9' });

    const bodies: unknown[] = [
      [],
      [{}],
      'text',
      42,
      null,
      { crewMemberId: ['a'] },
      { crewMemberId: randomUUID(), role: 'chef' },
      { crewMemberId: `${randomUUID()}\u0000` },
      { crewMemberId: huge },
    ];
    const markBodies: unknown[] = [
      [],
      { item: booked.permit, people: {} },
      { item: booked.permit, people: [{ passengerSlotId: booked.julio }], reference: huge },
      { item: booked.permit, people: [{ passengerSlotId: booked.julio }], reference: 'R\u0000' },
      { item: booked.permit, people: [{ passengerSlotId: booked.julio }], reference: ['R'] },
      {
        item: booked.permit,
        people: [{ passengerSlotId: booked.julio, crewMemberId: randomUUID() }],
        reference: 'R',
      },
      {
        item: booked.permit,
        people: [{ passengerSlotId: booked.julio }],
        reference: 'R',
        boughtOn: '2027-02-30',
      },
      {
        item: booked.permit,
        people: [{ passengerSlotId: booked.julio }],
        reference: 'R',
        boughtOn: '99999-01-01',
      },
      {
        item: booked.permit,
        people: [{ passengerSlotId: booked.julio }],
        reference: 'R',
        boughtOn: '2999-01-01',
      },
      {
        item: booked.permit,
        people: [{ passengerSlotId: booked.julio }],
        reference: 'R',
        boughtOn: 12,
      },
      {
        item: booked.permit,
        people: Array.from({ length: 5000 }, () => ({ passengerSlotId: randomUUID() })),
        reference: 'R',
      },
      { item: booked.permit, people: [{ passengerSlotId: 'x' }], reference: 'R' },
      { item: randomUUID(), people: [{ passengerSlotId: booked.julio }], reference: 'R' },
      { item: booked.permit, people: [{ passengerSlotId: randomUUID() }], reference: 'R' },
      { item: booked.permit, people: [{ crewMemberId: randomUUID() }], reference: 'R' },
    ];
    const itemBodies: unknown[] = [
      { revision: -1, items: [] },
      { revision: 1.5, items: [] },
      { revision: 'NaN', items: [] },
      { revision: 0, items: {} },
      { revision: 0, items: [{ kind: 'permit', buyDaysBefore: -1, crewRoles: [] }] },
      { revision: 0, items: [{ kind: 'permit', buyDaysBefore: 1.5, crewRoles: [] }] },
      { revision: 0, items: [{ kind: 'permit', buyDaysBefore: 1e12, crewRoles: [] }] },
      {
        revision: 0,
        items: [{ kind: 'permit', buyDaysBefore: 30, crewRoles: ['guide', 'guide'] }],
      },
      {
        revision: 0,
        items: [{ kind: 'train', buyDaysBefore: 30, crewRoles: [], time: '25:99', class: huge }],
      },
      {
        revision: 0,
        items: [{ kind: 'bus', buyDaysBefore: 30, crewRoles: [], direction: 'sideways' }],
      },
      {
        revision: 0,
        items: Array.from({ length: 10_000 }, () => ({
          kind: 'permit',
          buyDaysBefore: 1,
          crewRoles: [],
        })),
      },
      { revision: 0, items: [{ id: 'x', kind: 'permit', buyDaysBefore: 1, crewRoles: [] }] },
      {
        revision: 0,
        items: [{ id: randomUUID(), kind: 'permit', buyDaysBefore: 1, crewRoles: [] }],
      },
    ];
    const crewBodies: unknown[] = [
      newCrewMember({ firstName: 'a\u0000b' }),
      newCrewMember({ firstName: huge }),
      newCrewMember({ birthDate: '2027-02-30' }),
      newCrewMember({ birthDate: '99999-01-01' }),
      newCrewMember({ licenceExpiry: '99999-01-01', role: 'guide', licenceNumber: 'G1' }),
      newCrewMember({ languages: Array.from({ length: 10_000 }, () => 'es') }),
      { ...newCrewMember(), languages: 'es' },
      { ...newCrewMember(), role: ['guide'] },
      { ...newCrewMember(), active: 'yes' },
      [newCrewMember()],
    ];
    for (const payload of bodies) paths.push({ method: 'POST', url: `${base}/crew`, payload });
    for (const payload of markBodies)
      paths.push({ method: 'POST', url: `${base}/purchases`, payload });
    for (const payload of itemBodies)
      paths.push({ method: 'PUT', url: `/api/admin/tours/${TRAIL}/purchase-items`, payload });
    for (const payload of crewBodies)
      paths.push({ method: 'POST', url: '/api/admin/crew', payload });
    for (const reason of ['', ' ', huge, 'a\u0000b', 12, ['x'], null]) {
      paths.push({
        method: 'POST',
        url: `/api/admin/purchases/${randomUUID()}/cancel`,
        payload: { reason },
      });
    }

    let tried = 0;
    for (const request of paths) {
      const answer = await call(admin.token, request);
      expectJson4xx(
        answer,
        `${request.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 120)}`,
      );
      tried++;
    }
    expect(tried).toBeGreaterThan(150);
    // Nothing was bought for Julio by any of them.
    const julio = await db
      .select()
      .from(personPurchases)
      .where(eq(personPurchases.passengerSlotId, booked.julio));
    expect(julio).toHaveLength(0);
  });

  it('refuses hostile document-change forms and scans with a JSON 4xx', async () => {
    const booked = await lockedBooking();
    const png = pngBytes();
    const cases: [string, Record<string, string>, Record<string, UploadFile>][] = [
      [
        'PNG header + garbage',
        { documentNumber: 'X1' },
        {
          oldDocument: {
            bytes: Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 0x41)]),
            name: 'a.png',
            type: 'image/png',
          },
          newDocument: { bytes: jpegBytes(), name: 'b.jpg', type: 'image/jpeg' },
        },
      ],
      [
        'polyglot PDF+HTML',
        { documentNumber: 'X1' },
        {
          oldDocument: {
            bytes: Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'),
            name: 'a.pdf',
            type: 'application/pdf',
          },
          newDocument: { bytes: jpegBytes(), name: 'b.jpg', type: 'image/jpeg' },
        },
      ],
      [
        'HTML named png',
        { documentNumber: 'X1' },
        {
          oldDocument: {
            bytes: Buffer.from('<svg onload=alert(1)>'),
            name: 'a.png',
            type: 'image/png',
          },
          newDocument: { bytes: jpegBytes(), name: 'b.jpg', type: 'image/jpeg' },
        },
      ],
      [
        '0 bytes',
        { documentNumber: 'X1' },
        {
          oldDocument: { bytes: Buffer.alloc(0), name: 'a.png', type: 'image/png' },
          newDocument: { bytes: jpegBytes(), name: 'b.jpg', type: 'image/jpeg' },
        },
      ],
      [
        '1 MB + 1',
        { documentNumber: 'X1' },
        {
          oldDocument: {
            bytes: Buffer.concat([png, Buffer.alloc(1024 * 1024 + 1 - png.length)]),
            name: 'a.png',
            type: 'image/png',
          },
          newDocument: { bytes: jpegBytes(), name: 'b.jpg', type: 'image/jpeg' },
        },
      ],
      [
        'one scan only',
        { documentNumber: 'X1' },
        { oldDocument: scans().oldDocument as UploadFile },
      ],
      [
        'three files',
        { documentNumber: 'X1' },
        { ...scans(), extra: scans().oldDocument as UploadFile },
      ],
      ['nothing changed', {}, scans()],
      ['NUL byte', { documentNumber: 'X1\u0000' }, scans()],
      ['NUL in last name', { lastName: 'Ma\u0000mani' }, scans()],
      ['long field', { lastName: 'x'.repeat(2000) }, scans()],
      ['unknown type', { documentNumber: 'X1', documentTypeId: 'nope' }, scans()],
      ['unknown country', { documentNumber: 'X1', countryId: 'ZZ' }, scans()],
      ['same data typed again', { documentNumber: ' p1234567 ' }, scans()],
    ];
    for (const [label, fields, files] of cases) {
      const answer = await askChange(booked.code, booked.lucia, fields, files);
      expectJson4xx(answer, label);
    }
    // Not multipart at all, JSON instead; and the unlocked Julio; and a slot id that is not one.
    const json = await app.inject({
      method: 'POST',
      url: `/api/tour/booking/${booked.code}/passengers/${booked.lucia}/document-change`,
      headers: bearer(customer.token),
      payload: { documentNumber: 'X1' },
    });
    expectJson4xx(json, 'JSON body');
    expectJson4xx(await askChange(booked.code, booked.julio, { documentNumber: 'X1' }), 'unlocked');
    expectJson4xx(await askChange(booked.code, 'not-a-uuid', { documentNumber: 'X1' }), 'bad slot');
    expectJson4xx(await askChange('..%2F..', booked.lucia, { documentNumber: 'X1' }), 'bad code');
    // Her slot named under another booking of the same customer: 404, nothing asked.
    const mine = await bookTrail(app, customer.token, { adults: 1, date: nextDate() });
    const crossed = await askChange(mine.code, booked.lucia, { documentNumber: 'X1' });
    expect(crossed.statusCode, crossed.body).toBe(404);
    expect(
      await db
        .select()
        .from(documentChangeRequests)
        .where(eq(documentChangeRequests.passengerSlotId, booked.lucia)),
    ).toHaveLength(0);
  });
});

describe('the lock, by every route', () => {
  it('refuses the document type alone, case and space tricks on other fields, and a slot swap', async () => {
    const booked = await lockedBooking();
    const save = (body: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/api/client/${booked.clientId}/update`,
        headers: bearer(customer.token),
        payload: passengerBody(options, booked.code, {
          firstName: 'Lucía',
          lastName: 'Mamani',
          documentNumber: 'P1234567',
          ...body,
        }),
      });
    const otherType = options.DocumentType.find((type) => type.id !== options.DocumentType[0]?.id);
    const tricks: Record<string, unknown>[] = [
      { documentTypeId: otherType?.id },
      { firstName: 'Lucia' },
      { firstName: 'LUCÍA' },
      { lastName: 'Mamani\u200b' },
      { lastName: 'Mamani\u00a0' },
      { documentNumber: 'P1234567\u0000' },
      { documentNumber: 'P-1234567' },
      { documentNumber: 'Ｐ1234567' },
    ];
    for (const trick of tricks) {
      const answer = await save(trick);
      // Refused, or taken as the same data typed again (spaces trimmed): never a changed record.
      if (answer.statusCode !== 200) expectJson4xx(answer, JSON.stringify(trick));
      const [row] = await db.select().from(clients).where(eq(clients.id, booked.clientId));
      expect(row, JSON.stringify(trick)).toMatchObject({
        firstName: 'Lucía',
        lastName: 'Mamani',
        documentNumber: 'P1234567',
        documentTypeId: options.DocumentType[0]?.id,
      });
    }

    // Her slot given another record by staff (a swap) or by a create on her filled slot.
    const created = await app.inject({
      method: 'POST',
      url: `/api/client/${booked.lucia}/create`,
      headers: bearer(customer.token),
      payload: passengerBody(options, booked.code, { firstName: 'Otra', lastName: 'Persona' }),
    });
    expectJson4xx(created, 'create on her slot');
    const staffSwap = await app.inject({
      method: 'POST',
      url: `/api/admin/slots/${booked.lucia}/client`,
      headers: bearer(agent.token),
      payload: passengerBody(options, booked.code, { firstName: 'Otra', lastName: 'Persona' }),
    });
    expectJson4xx(staffSwap, 'staff fill of her slot');
    const detail = await detailOf(app, customer.token, booked.code);
    expect(detail.passangerRegistry[0]?.clientId).toBe(booked.clientId);
  });
});

describe('the lock on the crew, and the decisions', () => {
  it("refuses a locked crew member's document type alone and case/space tricks, never changing the row", async () => {
    const date = nextDate();
    await bookTrail(app, customer.token, { adults: 1, date });
    const data = newCrewMember({ documentType: 'dni', documentNumber: '41234567' });
    const member = await addCrewMember(app, admin.token, data);
    const assigned = await call(agent.token, {
      method: 'POST',
      url: `/api/admin/departures/${TRAIL}/${date}/crew`,
      payload: { crewMemberId: member.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const permit = await itemOf(app, agent.token, date, 'permit');
    const bought = await mark(app, agent.token, date, {
      item: permit,
      people: [{ crewMemberId: member.id }],
      reference: 'CREW-1',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const tricks: Partial<typeof data>[] = [
      { documentType: 'passport' },
      { documentNumber: '41234568' },
      { firstName: 'WILBER' },
      { lastName: 'Quispe  Mamani' },
      { countryId: 'BO' },
      { birthDate: '1990-07-22' },
    ];
    for (const trick of tricks) {
      const answer = await call(admin.token, {
        method: 'PUT',
        url: `/api/admin/crew/${member.id}`,
        payload: { ...data, ...trick },
      });
      if (answer.statusCode !== 200) expectJson4xx(answer, JSON.stringify(trick));
      const [row] = await db.select().from(crewMembers).where(eq(crewMembers.id, member.id));
      expect(row, JSON.stringify(trick)).toMatchObject({
        firstName: data.firstName,
        lastName: data.lastName,
        documentType: 'dni',
        documentNumber: '41234567',
        countryId: 'PE',
        birthDate: '1990-07-21',
      });
    }
    // Taken off the departure while bought: refused.
    const removed = await call(agent.token, {
      method: 'DELETE',
      url: `/api/admin/departures/${TRAIL}/${date}/crew/${member.id}`,
    });
    expectJson4xx(removed, 'unassign while bought');
  });

  it('refuses hostile confirmations and refusals, and a second withdrawal, adding no fee', async () => {
    const booked = await lockedBooking();
    const asked = await askChange(booked.code, booked.lucia, { documentNumber: 'X2223334' });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const huge = 'x'.repeat(1024 * 1024);
    const bodies: [string, unknown][] = [
      ['confirm', { reference: '' }],
      ['confirm', { reference: huge }],
      ['confirm', { reference: 'R\u0000' }],
      ['confirm', { reference: ['R'] }],
      ['confirm', { reference: 'R', boughtOn: '2027-02-30' }],
      ['confirm', { reference: 'R', boughtOn: '99999-01-01' }],
      ['confirm', { reference: 'R', boughtOn: '2999-01-01' }],
      ['confirm', { reference: 'R', boughtOn: 20270101 }],
      ['confirm', []],
      ['refuse', { reason: '' }],
      ['refuse', { reason: huge }],
      ['refuse', { reason: { text: 'no' } }],
    ];
    for (const [action, payload] of bodies) {
      const answer = await call(agent.token, {
        method: 'POST',
        url: `/api/admin/document-changes/${id}/${action}`,
        payload,
      });
      expectJson4xx(answer, `${action} ${JSON.stringify(payload).slice(0, 80)}`);
    }
    expect(await feeLines(booked.code)).toHaveLength(0);
    const withdraw = () =>
      call(customer.token, {
        method: 'POST',
        url: `/api/tour/booking/${booked.code}/document-changes/${id}/withdraw`,
      });
    expect((await withdraw()).statusCode).toBe(200);
    expectJson4xx(await withdraw(), 'second withdrawal');
    const late = await call(agent.token, {
      method: 'POST',
      url: `/api/admin/document-changes/${id}/confirm`,
      payload: { reference: 'LATE' },
    });
    expectJson4xx(late, 'confirm after withdrawal');
    expect(await feeLines(booked.code)).toHaveLength(0);
    const [record] = await db.select().from(clients).where(eq(clients.id, booked.clientId));
    expect(record?.documentNumber).toBe('P1234567');
  });
});

describe('purchases for people who are not of the departure', () => {
  it("refuses another departure's traveller, an empty slot, an unassigned crew member, another tour's item", async () => {
    const booked = await lockedBooking();
    const elsewhere = await lockedBooking();
    const date = booked.date;
    const { detail } = await bookTrail(app, customer.token, { adults: 1, date });
    const empty = detail.passangerRegistry[0]?.id ?? '';
    const stray = await addCrewMember(app, admin.token, newCrewMember());
    const salkantayItems = await call(admin.token, {
      method: 'GET',
      url: `/api/admin/departures/${TRAIL}/${elsewhere.date}/purchases`,
    });
    expect(salkantayItems.statusCode).toBe(200);
    const cases: [string, unknown][] = [
      [
        'another departure',
        { item: booked.permit, people: [{ passengerSlotId: elsewhere.julio }], reference: 'R' },
      ],
      [
        'an empty slot',
        { item: booked.permit, people: [{ passengerSlotId: empty }], reference: 'R' },
      ],
      [
        'unassigned crew',
        { item: booked.permit, people: [{ crewMemberId: stray.id }], reference: 'R' },
      ],
      [
        'a slot id as crew',
        { item: booked.permit, people: [{ crewMemberId: booked.julio }], reference: 'R' },
      ],
      [
        'already bought',
        { item: booked.permit, people: [{ passengerSlotId: booked.lucia }], reference: 'R' },
      ],
      [
        'one good, one bad',
        {
          item: booked.permit,
          people: [{ passengerSlotId: booked.julio }, { passengerSlotId: elsewhere.julio }],
          reference: 'R',
        },
      ],
      [
        'the slot twice, cased',
        {
          item: booked.permit,
          people: [
            { passengerSlotId: booked.julio },
            { passengerSlotId: booked.julio.toUpperCase() },
          ],
          reference: 'R',
        },
      ],
    ];
    for (const [label, body] of cases) {
      expectJson4xx(await mark(app, agent.token, date, body), label);
    }
    const julio = await db
      .select()
      .from(personPurchases)
      .where(eq(personPurchases.passengerSlotId, booked.julio));
    expect(julio).toHaveLength(0);
    expect(
      await db
        .select()
        .from(personPurchases)
        .where(eq(personPurchases.passengerSlotId, elsewhere.julio)),
    ).toHaveLength(0);
  });
});

describe('the manifest with names no font prints', () => {
  it('answers the PDF and the CSVs for emoji, CJK, RTL, combining marks and unbreakable words', async () => {
    const date = nextDate();
    const { code, detail } = await bookTrail(app, customer.token, { adults: 2, date });
    const [first, second] = detail.passangerRegistry;
    await fillSlot(app, customer.token, options, code, first?.id ?? '', {
      firstName: '李雷😀🏔️',
      lastName: 'שלום عربي',
    });
    await fillSlot(app, customer.token, options, code, second?.id ?? '', {
      firstName: 'Ǆe\u0301\u0301\u0301',
      lastName: 'W'.repeat(50),
    });
    const crew = await addCrewMember(
      app,
      admin.token,
      newCrewMember({ firstName: 'Łukasz 🧗', lastName: 'Ñ'.repeat(50), phone: '+51 ☎ 984' }),
    ).catch(() => addCrewMember(app, admin.token, newCrewMember({ firstName: 'Łukasz 🧗' })));
    const assigned = await call(agent.token, {
      method: 'POST',
      url: `/api/admin/departures/${TRAIL}/${date}/crew`,
      payload: { crewMemberId: crew.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    for (const suffix of [
      'manifest.pdf',
      'manifest.csv',
      'manifest',
      'purchases.csv?kind=permit',
      'purchases',
      'crew',
    ]) {
      for (const language of ['en', 'es']) {
        const answer = await call(
          agent.token,
          { method: 'GET', url: `/api/admin/departures/${TRAIL}/${date}/${suffix}` },
          { 'accept-language': language },
        );
        expect(answer.statusCode, `${suffix}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
    }
  });
});

describe('a document change on a cancelled booking', () => {
  it('is neither asked nor confirmed once the booking is cancelled: no fee on a cancelled booking', async () => {
    const booked = await lockedBooking();
    const asked = await askChange(booked.code, booked.lucia, { documentNumber: 'X3334445' });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const cancelled = await call(customer.token, {
      method: 'POST',
      url: `/api/tour/booking/${booked.code}/changes`,
      payload: { kind: 'cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const confirmed = await call(agent.token, {
      method: 'POST',
      url: `/api/admin/document-changes/${id}/confirm`,
      payload: { reference: 'AFTER-CANCEL' },
    });
    expectJson4xx(confirmed, 'confirm on a cancelled booking');
    expect(await feeLines(booked.code)).toHaveLength(0);
    const again = await askChange(booked.code, booked.julio, { documentNumber: 'X1' });
    expectJson4xx(again, 'ask on a cancelled booking');
  });
});

describe('CSV injection', () => {
  it('defuses formulas in crew names, passenger names and references in every CSV', async () => {
    const date = nextDate();
    const { code, detail } = await bookTrail(app, customer.token, { adults: 1, date });
    const slot = detail.passangerRegistry[0];
    if (!slot) throw new Error('no slot');
    const formulas = ['=HYPERLINK("http://evil")', '+SUM(1)', '-1+1', '@cmd', '\t=1'];
    const added = await call(admin.token, {
      method: 'POST',
      url: '/api/admin/crew',
      payload: newCrewMember({
        firstName: formulas[0],
        lastName: formulas[1],
        role: 'guide',
        licenceNumber: '=1',
        licenceExpiry: '2040-01-01',
      }),
    });
    if (added.statusCode === 201) {
      const assigned = await call(agent.token, {
        method: 'POST',
        url: `/api/admin/departures/${TRAIL}/${date}/crew`,
        payload: { crewMemberId: added.json().id },
      });
      expect(assigned.statusCode, assigned.body).toBe(201);
    } else expectJson4xx(added, 'formula crew');
    await fillSlot(app, customer.token, options, code, slot.id, {
      firstName: formulas[3],
      lastName: formulas[2],
    }).catch(() => undefined);
    const permit = await itemOf(app, agent.token, date, 'permit');
    await mark(app, agent.token, date, {
      item: permit,
      people: [{ passengerSlotId: slot.id }],
      reference: '=1+1',
    });
    for (const url of [
      `/api/admin/departures/${TRAIL}/${date}/purchases.csv?kind=permit`,
      `/api/admin/departures/${TRAIL}/${date}/purchases.csv?kind=train`,
      `/api/admin/departures/${TRAIL}/${date}/manifest.csv`,
    ]) {
      const answer = await call(agent.token, { method: 'GET', url });
      expect(answer.statusCode, answer.body).toBe(200);
      for (const line of answer.body.split(/\r?\n/)) {
        for (const cell of line.match(/"(?:[^"]|"")*"/g) ?? []) {
          expect(cell, `${url}: ${line}`).not.toMatch(/^"[=+\-@\t\r]/);
        }
      }
    }
  });
});

describe('races (PostgreSQL)', () => {
  it.runIf(isPostgres)(
    'a confirmation racing the cancellation of the permit it replaces leaves one permit, one fee at most',
    async () => {
      for (let round = 0; round < 4; round++) {
        const booked = await lockedBooking();
        const asked = await askChange(booked.code, booked.lucia, {
          documentNumber: `Y${round}234567`,
        });
        expect(asked.statusCode, asked.body).toBe(201);
        const id = asked.json().id as string;
        const purchaseId = (await departureOf(app, agent.token, booked.date)).people
          .find((person) => person.passengerSlotId === booked.lucia)
          ?.items.find((item) => item.itemId === booked.permit)?.purchaseId;
        const [confirmed, cancelled] = await Promise.all([
          call(agent.token, {
            method: 'POST',
            url: `/api/admin/document-changes/${id}/confirm`,
            payload: { reference: `NEW-${round}` },
          }),
          call(admin.token, {
            method: 'POST',
            url: `/api/admin/purchases/${purchaseId}/cancel`,
            payload: { reason: 'Wrong' },
          }),
        ]);
        expect(confirmed.statusCode, confirmed.body).toBeLessThan(500);
        expect(cancelled.statusCode, cancelled.body).toBeLessThan(500);
        const bought = await db
          .select()
          .from(personPurchases)
          .where(
            and(
              eq(personPurchases.passengerSlotId, booked.lucia),
              eq(personPurchases.status, 'bought'),
            ),
          );
        const fees = await feeLines(booked.code);
        if (confirmed.statusCode === 200) {
          expect(
            bought.map((row) => row.reference),
            `round ${round}`,
          ).toEqual([`NEW-${round}`]);
          expect(fees, `round ${round}`).toHaveLength(1);
          expect(cancelled.statusCode, `round ${round}`).not.toBe(200);
        } else {
          expect(bought, `round ${round}`).toHaveLength(0);
          expect(fees, `round ${round}`).toHaveLength(0);
        }
      }
    },
  );

  it.runIf(isPostgres)(
    'a crew purchase racing their removal from the departure never leaves a permit for someone not on it',
    async () => {
      for (let round = 0; round < 4; round++) {
        const date = nextDate();
        await bookTrail(app, customer.token, { adults: 1, date });
        const member = await addCrewMember(app, admin.token, newCrewMember());
        const assigned = await call(agent.token, {
          method: 'POST',
          url: `/api/admin/departures/${TRAIL}/${date}/crew`,
          payload: { crewMemberId: member.id },
        });
        expect(assigned.statusCode, assigned.body).toBe(201);
        const permit = await itemOf(app, agent.token, date, 'permit');
        const [bought, removed] = await Promise.all([
          mark(app, agent.token, date, {
            item: permit,
            people: [{ crewMemberId: member.id }],
            reference: `CREW-${round}`,
          }),
          call(agent.token, {
            method: 'DELETE',
            url: `/api/admin/departures/${TRAIL}/${date}/crew/${member.id}`,
          }),
        ]);
        expect(bought.statusCode, bought.body).toBeLessThan(500);
        expect(removed.statusCode, removed.body).toBeLessThan(500);
        const live = await db
          .select()
          .from(personPurchases)
          .where(
            and(eq(personPurchases.crewMemberId, member.id), eq(personPurchases.status, 'bought')),
          );
        const still = await db
          .select()
          .from(crewAssignments)
          .where(eq(crewAssignments.crewMemberId, member.id));
        expect(live.length === 0 || still.length === 1, `round ${round}`).toBe(true);
        expect(bought.statusCode === 201 && removed.statusCode === 200, `round ${round}`).toBe(
          false,
        );
      }
    },
  );

  it.runIf(isPostgres)(
    'a purchase racing a date move or a removal never leaves a permit on a moved or removed traveller',
    async () => {
      for (const kind of ['date', 'removePassenger'] as const) {
        for (let round = 0; round < 3; round++) {
          const booked = await lockedBooking();
          const change =
            kind === 'date' ? { kind, travelDate: nextDate() } : { kind, slotId: booked.julio };
          // Lucía's lock stops both changes: her purchase is cancelled first.
          const lucia = (await departureOf(app, agent.token, booked.date)).people
            .find((person) => person.passengerSlotId === booked.lucia)
            ?.items.find((item) => item.itemId === booked.permit)?.purchaseId;
          expect(
            (
              await call(agent.token, {
                method: 'POST',
                url: `/api/admin/purchases/${lucia}/cancel`,
                payload: { reason: 'Redo' },
              })
            ).statusCode,
          ).toBe(200);
          const [bought, changed] = await Promise.all([
            mark(app, agent.token, booked.date, {
              item: booked.permit,
              people: [{ passengerSlotId: booked.julio }],
              reference: `R-${kind}-${round}`,
            }),
            call(customer.token, {
              method: 'POST',
              url: `/api/tour/booking/${booked.code}/changes`,
              payload: change,
            }),
          ]);
          expect(bought.statusCode, bought.body).toBeLessThan(500);
          expect(changed.statusCode, changed.body).toBeLessThan(500);
          const [booking] = await db.select().from(bookings).where(eq(bookings.code, booked.code));
          const live = await db
            .select()
            .from(personPurchases)
            .where(
              and(
                eq(personPurchases.passengerSlotId, booked.julio),
                eq(personPurchases.status, 'bought'),
              ),
            );
          const slotLeft = (
            await detailOf(app, customer.token, booked.code)
          ).passangerRegistry.some((slot) => slot.id === booked.julio);
          for (const purchase of live) {
            expect(purchase.date, `${kind} ${round}`).toBe(booking?.travelDate);
            expect(slotLeft, `${kind} ${round}`).toBe(true);
          }
        }
      }
    },
  );

  it.runIf(isPostgres)(
    'never puts a crew member on two overlapping departures at once',
    async () => {
      const first = nextDate();
      const dayAfter = new Date(`${first}T12:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      const next = dayAfter.toISOString().slice(0, 10);
      await bookTrail(app, customer.token, { adults: 1, date: first });
      await bookTrail(app, customer.token, { adults: 1, date: next });
      const member = await addCrewMember(app, admin.token, newCrewMember());
      const answers = await Promise.all(
        [first, next, first, next].map((date) =>
          call(agent.token, {
            method: 'POST',
            url: `/api/admin/departures/${TRAIL}/${date}/crew`,
            payload: { crewMemberId: member.id },
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      expect(
        await db.select().from(crewAssignments).where(eq(crewAssignments.crewMemberId, member.id)),
      ).toHaveLength(1);
    },
  );

  it.runIf(isPostgres)(
    'keeps one open document change when the customer asks twice at once',
    async () => {
      const booked = await lockedBooking();
      const answers = await Promise.all([
        askChange(booked.code, booked.lucia, { documentNumber: 'X1000001' }),
        askChange(booked.code, booked.lucia, { documentNumber: 'X1000002' }),
        askChange(booked.code, booked.lucia, { lastName: 'Mamani Ccori' }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      const open = await db
        .select()
        .from(documentChangeRequests)
        .where(
          and(
            eq(documentChangeRequests.passengerSlotId, booked.lucia),
            eq(documentChangeRequests.status, 'requested'),
          ),
        );
      expect(open).toHaveLength(1);
    },
  );

  it.runIf(isPostgres)('writes a purchase once when the same mark races itself', async () => {
    const booked = await lockedBooking();
    const body = {
      item: booked.permit,
      people: [{ passengerSlotId: booked.julio }],
      reference: 'R-RACE',
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => mark(app, agent.token, booked.date, body)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const rows = await db
      .select()
      .from(personPurchases)
      .where(
        and(
          eq(personPurchases.passengerSlotId, booked.julio),
          eq(personPurchases.status, 'bought'),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it.runIf(isPostgres)(
    'assigns a crew member once when the same assignment races itself',
    async () => {
      const date = nextDate();
      await bookTrail(app, customer.token, { adults: 1, date });
      const member = await addCrewMember(app, admin.token, newCrewMember());
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(agent.token, {
            method: 'POST',
            url: `/api/admin/departures/${TRAIL}/${date}/crew`,
            payload: { crewMemberId: member.id },
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      expect(
        await db.select().from(crewAssignments).where(eq(crewAssignments.crewMemberId, member.id)),
      ).toHaveLength(1);
    },
  );

  it.runIf(isPostgres)(
    'confirms once: confirm ×3, refuse and withdraw at once add the fee exactly once',
    async () => {
      const booked = await lockedBooking();
      const asked = await askChange(booked.code, booked.lucia, { documentNumber: 'X5556667' });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json().id as string;
      const before = await feeLines(booked.code);
      const answers = await Promise.all([
        call(agent.token, {
          method: 'POST',
          url: `/api/admin/document-changes/${id}/confirm`,
          payload: { reference: 'N1' },
        }),
        call(admin.token, {
          method: 'POST',
          url: `/api/admin/document-changes/${id}/confirm`,
          payload: { reference: 'N2' },
        }),
        call(agent.token, {
          method: 'POST',
          url: `/api/admin/document-changes/${id}/confirm`,
          payload: { reference: 'N3' },
        }),
        call(agent.token, {
          method: 'POST',
          url: `/api/admin/document-changes/${id}/refuse`,
          payload: { reason: 'No' },
        }),
        call(customer.token, {
          method: 'POST',
          url: `/api/tour/booking/${booked.code}/document-changes/${id}/withdraw`,
        }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      const after = await feeLines(booked.code);
      const confirmed = answers.slice(0, 3).some((answer) => answer.statusCode === 200);
      expect(after.length - before.length).toBe(confirmed ? 1 : 0);
      const bought = await db
        .select()
        .from(personPurchases)
        .where(
          and(
            eq(personPurchases.passengerSlotId, booked.lucia),
            eq(personPurchases.status, 'bought'),
          ),
        );
      expect(bought).toHaveLength(1);
    },
  );

  it.runIf(isPostgres)(
    'a purchase racing a save of the same person never leaves a snapshot unlike the record',
    async () => {
      for (let round = 0; round < 3; round++) {
        const booked = await lockedBooking();
        const [markAnswer, saveAnswer] = await Promise.all([
          mark(app, agent.token, booked.date, {
            item: booked.permit,
            people: [{ passengerSlotId: booked.julio }],
            reference: `R-${round}`,
          }),
          app.inject({
            method: 'PUT',
            url: `/api/client/${booked.julioId}/update`,
            headers: bearer(customer.token),
            payload: passengerBody(options, booked.code, {
              firstName: 'Julián',
              lastName: 'Ttito',
              documentNumber: 'P7654321',
            }),
          }),
        ]);
        expect(markAnswer.statusCode, markAnswer.body).toBeLessThan(500);
        expect(saveAnswer.statusCode, saveAnswer.body).toBeLessThan(500);
        const [record] = await db.select().from(clients).where(eq(clients.id, booked.julioId));
        const [purchase] = await db
          .select()
          .from(personPurchases)
          .where(eq(personPurchases.passengerSlotId, booked.julio));
        if (purchase)
          expect((purchase.person as { firstName: string }).firstName).toBe(record?.firstName);
      }
    },
  );
});
