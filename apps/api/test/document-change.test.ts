import {
  adminDocumentChange,
  adminDocumentChangeList,
  documentChangeDecision,
  documentChangeItem,
  documentChangesAnswer,
  SPEC_POLICIES,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import {
  auditEntries,
  clients,
  documentChangeRequests,
  ledgerEntries,
  mailMessages,
  outbox,
  personPurchases,
  tourPurchaseItems,
} from '../src/db/schema.ts';
import { writePolicy } from '../src/modules/lifecycle/policies.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { changeHelpers } from './support/changes.ts';
import {
  jpegBytes,
  loadPassengerOptions,
  multipartBody,
  type PassengerOptions,
  passengerBody,
  pngBytes,
  type UploadFile,
} from './support/passengers.ts';

/**
 * A change of a locked traveller's passport or last name (issue 29, ADR 0044): asked for with
 * scans of both documents before the tour's last day for changes, confirmed by staff with the new
 * permit's reference (the new data written, the permit bought again, the fee added once), or
 * refused, or withdrawn; every step audited; nobody else's to see.
 */
let ctx: TestContext;
let app: FastifyInstance;
let db: Executor;
type Session = Awaited<ReturnType<typeof signIn>>;
let agent: Session;
let admin: Session;
let customer: Session;
let other: Session;
let corporate: Session;
let options: PassengerOptions;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  agent = await signIn(app, demoAccounts.agent.email, demoAccounts.agent.password);
  admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
  customer = await signUpAndIn(app, { name: 'Rosa', lastname: 'Quispe' });
  other = await signUpAndIn(app, { name: 'Tomás', lastname: 'Mamani' });
  corporate = await signIn(app, demoAccounts.corporate.email, demoAccounts.corporate.password);
  options = await loadPassengerOptions(app, customer.token);
});
afterAll(async () => ctx?.close());

const { post, travelIn, detail, bookingRow, deskPayment } = changeHelpers(() => ({
  app,
  db,
  agent: agent.token,
  customer: customer.token,
}));

const FEE_CENTS = SPEC_POLICIES.standard.nameChangeFeeCents;

interface Booked {
  code: string;
  bookingId: string;
  slotId: string;
  clientId: string;
}

/**
 * A booking of the Salkantay trek (or `tour`) with one adult (a company's: two, its minimum),
 * the first of whom is filled in.
 */
async function bookWithPassenger(
  token = customer.token,
  tour = '200501',
  corporateBooking = false,
): Promise<Booked> {
  const body = {
    ...bookingFor(await loadTour(app, tour), { adults: corporateBooking ? 2 : 1 }),
    ...(corporateBooking ? { corporate: true } : {}),
  };
  const saved = await postBooking(app, token, body);
  expect(saved.statusCode, saved.body).toBe(201);
  const code = saved.json().code as string;
  const slot = (await detail(code, token)).passangerRegistry[0];
  if (!slot) throw new Error('no slot');
  const created = await post(
    `/api/client/${slot.id}/create`,
    token,
    passengerBody(options, code, { lastName: 'Mamani', documentNumber: 'P1234567' }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return {
    code,
    bookingId: (await bookingRow(code)).id,
    slotId: slot.id,
    clientId: created.json().id as string,
  };
}

/**
 * Locks a traveller as buying their permit does (the purchases' routes are another module's):
 * the tour's permit item, and a bought row in the slot's name.
 */
async function lockSlot(booked: Booked, kind: 'permit' | 'entry' = 'permit') {
  const booking = await bookingRow(booked.code);
  const [item] = await db
    .insert(tourPurchaseItems)
    .values({ tourId: booking.tourId, kind, buyDaysBefore: 30 })
    .returning({ id: tourPurchaseItems.id });
  if (!item) throw new Error('no item');
  await db.insert(personPurchases).values({
    tourId: booking.tourId,
    date: booking.travelDate,
    itemId: item.id,
    passengerSlotId: booked.slotId,
    reference: `OLD-${kind}`,
    boughtOn: todayInLima(),
    person: { firstName: 'Lucía', lastName: 'Mamani', documentNumber: 'P1234567' },
    recordedBy: agent.user.id,
  });
  return item.id;
}

const scans = (): Record<string, UploadFile> => ({
  oldDocument: { bytes: pngBytes(), name: 'old-passport.png', type: 'image/png' },
  newDocument: { bytes: jpegBytes(), name: 'new-passport.jpg', type: 'image/jpeg' },
});

/** POST …/passengers/{slotId}/document-change with these fields and files. */
async function ask(
  booked: Pick<Booked, 'code' | 'slotId'>,
  fields: Record<string, string> = { documentNumber: 'X9876543' },
  files: Record<string, UploadFile> = scans(),
  token = customer.token,
) {
  const { payload, headers } = await multipartBody(files, fields);
  return app.inject({
    method: 'POST',
    url: `/api/tour/booking/${booked.code}/passengers/${booked.slotId}/document-change`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

async function askedOk(booked: Booked, fields?: Record<string, string>) {
  const response = await ask(booked, fields);
  expect(response.statusCode, response.body).toBe(201);
  return documentChangeItem.parse(response.json());
}

const list = async (code: string, token = customer.token) =>
  app.inject({ url: `/api/tour/booking/${code}/document-changes`, headers: bearer(token) });

const confirm = (id: string, body: object = { reference: 'NEW-2027-0042' }, token = agent.token) =>
  post(`/api/admin/document-changes/${id}/confirm`, token, body);

const refuse = (id: string, reason: string, token = agent.token) =>
  post(`/api/admin/document-changes/${id}/refuse`, token, { reason });

/** The fee lines of a booking's ledger. */
const feeLines = (bookingId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.bookingId, bookingId),
        like(ledgerEntries.description, 'document-change|%'),
      ),
    );

const auditOf = (subjectId: string) =>
  db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.subjectId, subjectId))
    .orderBy(asc(auditEntries.createdAt));

describe('the whole flow', () => {
  it('asks with both scans, staff confirm with the new permit: new data, permit bought again, fee once', async () => {
    const booked = await bookWithPassenger();
    const itemId = await lockSlot(booked);
    const debtBefore = (await detail(booked.code)).balance.debt;

    const asked = await askedOk(booked, { documentNumber: 'X9876543', lastName: 'Mamani Ccori' });
    expect(asked).toMatchObject({
      status: 'requested',
      fee: 115,
      passengerSlotId: booked.slotId,
      changes: { documentNumber: 'X9876543', lastName: 'Mamani Ccori' },
      previous: { documentNumber: 'P1234567', lastName: 'Mamani', countryId: 'PE' },
      reason: '',
      decidedAt: null,
    });
    // The customer's answer carries no staff field.
    expect(Object.keys(asked).sort()).toEqual(
      [
        'changes',
        'createdAt',
        'decidedAt',
        'fee',
        'id',
        'passengerName',
        'passengerSlotId',
        'previous',
        'reason',
        'status',
      ].sort(),
    );

    const listed = documentChangesAnswer.parse((await list(booked.code)).json());
    expect(listed.fee).toBe(115);
    expect(listed.open).toBe(true);
    expect(listed.slots).toEqual([
      { slotId: booked.slotId, locked: true, openRequestId: asked.id },
    ]);
    expect(listed.requests.map((request) => request.id)).toEqual([asked.id]);

    // Staff see it in the queue, with both scans as sent.
    const queue = await app.inject({
      url: `/api/admin/document-changes?booking=${booked.code}`,
      headers: bearer(agent.token),
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const [queued] = adminDocumentChangeList.parse(queue.json());
    expect(queued).toMatchObject({
      id: asked.id,
      bookingCode: booked.code,
      customerName: 'Rosa Quispe',
      requestedBy: 'Rosa Quispe',
      decidedBy: null,
      scans: {
        old: { mime: 'image/png', size: pngBytes().length },
        new: { mime: 'image/jpeg', size: jpegBytes().length },
      },
      purchases: [{ kind: 'permit', status: 'bought', reference: 'OLD-permit' }],
    });
    const oldScan = await app.inject({
      url: `/api/admin/document-changes/${asked.id}/scans/old`,
      headers: bearer(agent.token),
    });
    expect(oldScan.statusCode).toBe(200);
    expect(oldScan.headers['content-type']).toBe('image/png');
    expect(oldScan.headers['x-content-type-options']).toBe('nosniff');
    expect(oldScan.rawPayload.equals(pngBytes())).toBe(true);
    const newScan = await app.inject({
      url: `/api/admin/document-changes/${asked.id}/scans/new`,
      headers: bearer(agent.token),
    });
    expect(newScan.headers['content-type']).toBe('image/jpeg');
    expect(newScan.rawPayload.equals(jpegBytes())).toBe(true);

    // An agent confirms with the new permit's reference.
    const confirmed = await confirm(asked.id, { reference: 'NEW-2027-0042' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const decision = documentChangeDecision.parse(confirmed.json());
    expect(decision.request).toMatchObject({
      status: 'confirmed',
      decidedBy: 'Rosa Quispe',
      passengerName: 'Lucía Mamani Ccori',
    });
    expect(decision.debt).toBe(debtBefore + 115);

    // The traveller's record has the new data.
    const [record] = await db.select().from(clients).where(eq(clients.id, booked.clientId));
    expect(record).toMatchObject({ documentNumber: 'X9876543', lastName: 'Mamani Ccori' });
    // The permit: the old purchase cancelled, bought again with the new reference and data.
    const purchases = await db
      .select()
      .from(personPurchases)
      .where(eq(personPurchases.passengerSlotId, booked.slotId))
      .orderBy(asc(personPurchases.createdAt));
    expect(purchases.map((row) => [row.status, row.reference, row.itemId])).toEqual([
      ['cancelled', 'OLD-permit', itemId],
      ['bought', 'NEW-2027-0042', itemId],
    ]);
    expect(purchases[1]?.person).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Mamani Ccori',
      documentNumber: 'X9876543',
    });
    expect(purchases[1]?.recordedBy).toBe(agent.user.id);
    expect(purchases[0]?.cancelledAt).not.toBeNull();

    // The fee: one addition in the ledger, which the customer reads by name.
    const fees = await feeLines(booked.bookingId);
    expect(fees.map((line) => [line.kind, line.amountCents])).toEqual([['addition', FEE_CENTS]]);
    const after = await detail(booked.code);
    expect(after.balance.debt).toBe(debtBefore + 115);
    expect(after.paymentExtra.add.map((line) => [line.name, line.total])).toContainEqual([
      'New permit after a document change',
      115,
    ]);

    // Confirmed once: a second confirmation is a 409 and adds nothing.
    const again = await confirm(asked.id, { reference: 'NEW-2027-0043' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This document change was already answered or withdrawn');
    expect(await feeLines(booked.bookingId)).toHaveLength(1);

    // The customer sees it confirmed, still without staff fields; the e-mail is queued.
    const [seen] = documentChangesAnswer.parse((await list(booked.code)).json()).requests;
    expect(seen).toMatchObject({ id: asked.id, status: 'confirmed', fee: 115 });
    expect(seen).not.toHaveProperty('decidedBy');
    const mails = await db
      .select({ reason: outbox.reason })
      .from(outbox)
      .where(and(eq(outbox.kind, 'document_change'), eq(outbox.subjectId, asked.id)));
    expect(mails).toEqual([{ reason: 'confirmed' }]);

    // Audited: asked by the customer, confirmed by the agent.
    const trail = await auditOf(asked.id);
    expect(trail.map((entry) => [entry.action, entry.staffUserId])).toEqual([
      ['document_change.request', customer.user.id],
      ['document_change.confirm', agent.user.id],
    ]);
    expect(trail[0]?.before).toEqual({ documentNumber: 'P1234567', lastName: 'Mamani' });
    expect(trail[1]?.after).toMatchObject({
      status: 'confirmed',
      reference: 'NEW-2027-0042',
      fee: 115,
      documentNumber: 'X9876543',
      item: 'permit',
    });
    expect(trail[1]?.before).toMatchObject({ status: 'requested', reference: 'OLD-permit' });
  });

  it('takes two confirmations at once as one: one 200, one 409, one fee', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const asked = await askedOk(booked);
    const answers = await Promise.all([
      confirm(asked.id, { reference: 'A-1' }),
      confirm(asked.id, { reference: 'B-2' }, admin.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await feeLines(booked.bookingId)).toHaveLength(1);
    const bought = await db
      .select()
      .from(personPurchases)
      .where(
        and(
          eq(personPurchases.passengerSlotId, booked.slotId),
          eq(personPurchases.status, 'bought'),
        ),
      );
    expect(bought).toHaveLength(1);
  });

  it("re-buys only the item that locked the traveller (the permit), keeps the others' rows", async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked, 'entry');
    await lockSlot(booked, 'permit');
    const asked = await askedOk(booked, { lastName: 'Huamán' });
    expect(
      (await confirm(asked.id, { reference: 'P-77', boughtOn: todayInLima() })).statusCode,
    ).toBe(200);
    const rows = await db
      .select({
        kind: tourPurchaseItems.kind,
        status: personPurchases.status,
        ref: personPurchases.reference,
      })
      .from(personPurchases)
      .innerJoin(tourPurchaseItems, eq(tourPurchaseItems.id, personPurchases.itemId))
      .where(eq(personPurchases.passengerSlotId, booked.slotId));
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'entry', status: 'bought', ref: 'OLD-entry' },
        { kind: 'permit', status: 'cancelled', ref: 'OLD-permit' },
        { kind: 'permit', status: 'bought', ref: 'P-77' },
      ]),
    );
    expect(rows).toHaveLength(3);
    const [confirmEntry] = (await auditOf(asked.id)).filter(
      (entry) => entry.action === 'document_change.confirm',
    );
    expect(confirmEntry?.after).toMatchObject({ keptWithOldData: ['entry'] });
  });

  it('refuses a confirmation without a reference, or bought on a day still to come', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const asked = await askedOk(booked);
    const noReference = await confirm(asked.id, { reference: '  ' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().field).toBe('reference');
    const ahead = await confirm(asked.id, {
      reference: 'R-1',
      boughtOn: dayjs(todayInLima()).add(1, 'day').format('YYYY-MM-DD'),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().field).toBe('boughtOn');
    expect(await feeLines(booked.bookingId)).toHaveLength(0);
  });
});

describe('what a request is refused for', () => {
  it("is refused after the tour's last day for changes, naming it (422)", async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const lastChangeDays = SPEC_POLICIES.standard.lastChangeDays;
    // On the last day it is still taken…
    await travelIn(booked.code, lastChangeDays);
    const onTheDay = documentChangesAnswer.parse((await list(booked.code)).json());
    expect(onTheDay.open).toBe(true);
    expect(onTheDay.lastDay).toBe(todayInLima());
    // …the day after, it is not.
    await travelIn(booked.code, lastChangeDays - 1);
    const late = await ask(booked);
    expect(late.statusCode, late.body).toBe(422);
    const lastDay = dayjs(todayInLima()).subtract(1, 'day').format('YYYY-MM-DD');
    expect(late.json().details).toEqual({ lastDay });
    expect(late.json().message).toContain(lastDay);
    const answer = documentChangesAnswer.parse((await list(booked.code)).json());
    expect(answer).toMatchObject({ open: false, lastDay });
    // In Spanish too, with the same day.
    const { payload, headers } = await multipartBody(scans(), { documentNumber: 'Z1' });
    const spanish = await app.inject({
      method: 'POST',
      url: `/api/tour/booking/${booked.code}/passengers/${booked.slotId}/document-change`,
      headers: { ...bearer(customer.token), 'accept-language': 'es', ...headers },
      payload,
    });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().message).toBe(
      `El cambio de pasaporte o apellido debía solicitarse hasta el ${lastDay}, último día de cambios del tour: escriba una solicitud a la agencia`,
    );
  });

  it('is refused for a traveller not locked: their data is edited directly (422)', async () => {
    const booked = await bookWithPassenger();
    const response = await ask(booked);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      "This passenger's details are not locked: edit them directly instead",
    );
    const answer = documentChangesAnswer.parse((await list(booked.code)).json());
    expect(answer.slots).toEqual([{ slotId: booked.slotId, locked: false, openRequestId: null }]);
  });

  it('is refused when nothing would change (422), or when it says neither what nor only what it may (400)', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    // The same number, spaced and in lower case, is the same number.
    const same = await ask(booked, { documentNumber: 'p123 4567', lastName: 'Mamani' });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toContain('Nothing would change');
    const nothing = await ask(booked, { countryId: 'AR' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().field).toBe('lastName');
    const birthDate = await ask(booked, { documentNumber: 'Y1', birthDate: '1990-01-01' });
    expect(birthDate.statusCode).toBe(400);
    expect(birthDate.json().field).toBe('birthDate');
    const country = await ask(booked, { documentNumber: 'Y1', countryId: 'QQ' });
    expect(country.statusCode).toBe(400);
    expect(country.json().field).toBe('countryId');
    const documentType = await ask(booked, {
      documentNumber: 'Y1',
      documentTypeId: options.sex[0]?.id ?? '',
    });
    expect(documentType.statusCode).toBe(400);
    expect(documentType.json().field).toBe('documentTypeId');
    const tooLong = await ask(booked, { lastName: 'x'.repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    // A new nationality and document type with the number are taken.
    const withCountry = await ask(booked, {
      documentNumber: 'AR555',
      countryId: 'ar',
      documentTypeId: options.DocumentType[1]?.id ?? '',
    });
    expect(withCountry.statusCode, withCountry.body).toBe(201);
    expect(withCountry.json().changes).toEqual({
      documentNumber: 'AR555',
      countryId: 'AR',
      documentTypeId: options.DocumentType[1]?.id,
    });
  });

  it('takes one open request per traveller: two at once give one 201 and one 409', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const both = await Promise.all([
      ask(booked, { documentNumber: 'A1' }),
      ask(booked, { documentNumber: 'B2' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const conflict = both.find((response) => response.statusCode === 409);
    expect(conflict?.json().message).toContain('already waiting');
    const rows = await db
      .select()
      .from(documentChangeRequests)
      .where(eq(documentChangeRequests.passengerSlotId, booked.slotId));
    expect(rows).toHaveLength(1);
  });

  it('checks both files: present, not empty, at most 1 MB, JPEG, PNG or PDF by their bytes', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const { newDocument, oldDocument } = scans();
    if (!newDocument || !oldDocument) throw new Error('no scans');
    const missing = await ask(booked, undefined, { oldDocument });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('newDocument');
    const empty = await ask(booked, undefined, {
      oldDocument: { bytes: new Uint8Array(0), name: 'old.png', type: 'image/png' },
      newDocument,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'oldDocument' });
    // A text file named and declared as an image is not one.
    const wrongType = await ask(booked, undefined, {
      oldDocument,
      newDocument: {
        bytes: Buffer.from('hello, not a passport'),
        name: 'new.jpg',
        type: 'image/jpeg',
      },
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({
      field: 'newDocument',
      message: 'Only JPG, PNG or PDF files are accepted',
    });
    const big = Buffer.concat([pngBytes(), Buffer.alloc(1024 * 1024)]);
    const tooLarge = await ask(booked, undefined, {
      oldDocument: { bytes: big, name: 'old.png', type: 'image/png' },
      newDocument,
    });
    expect(tooLarge.statusCode).toBe(413);
    // Nothing was kept of the refused ones; a PDF is taken.
    expect(
      await db
        .select()
        .from(documentChangeRequests)
        .where(eq(documentChangeRequests.passengerSlotId, booked.slotId)),
    ).toHaveLength(0);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const taken = await ask(booked, undefined, {
      oldDocument: { bytes: pdf, name: 'old.pdf', type: 'application/pdf' },
      newDocument,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const scan = await app.inject({
      url: `/api/admin/document-changes/${taken.json().id}/scans/old`,
      headers: bearer(admin.token),
    });
    expect(scan.headers['content-type']).toBe('application/pdf');
  });

  it('is refused on a cancelled booking (422)', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const cancelled = await post(`/api/tour/booking/${booked.code}/changes`, customer.token, {
      kind: 'cancel',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const response = await ask(booked);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'This reservation is cancelled: it can no longer be changed',
    );
  });
});

describe('withdrawing and refusing', () => {
  it('lets the customer withdraw a waiting request, once, and ask again after', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const asked = await askedOk(booked);
    const url = `/api/tour/booking/${booked.code}/document-changes/${asked.id}/withdraw`;
    const withdrawn = await post(url, customer.token, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id: asked.id, status: 'withdrawn' });
    expect((await post(url, customer.token, {})).statusCode).toBe(409);
    // Staff can no longer confirm it.
    expect((await confirm(asked.id)).statusCode).toBe(409);
    expect(await feeLines(booked.bookingId)).toHaveLength(0);
    // A new request may be made.
    await askedOk(booked, { documentNumber: 'N2' });
    expect((await auditOf(asked.id)).map((entry) => [entry.action, entry.staffUserId])).toEqual([
      ['document_change.request', customer.user.id],
      ['document_change.withdraw', customer.user.id],
    ]);
  });

  it('refuses with a reason the customer reads (in the portal and by e-mail), and adds no fee', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const asked = await askedOk(booked);
    expect((await refuse(asked.id, '  ')).statusCode).toBe(400);
    const refused = await refuse(asked.id, 'The new passport scan is unreadable: send it again');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(documentChangeDecision.parse(refused.json()).request).toMatchObject({
      status: 'refused',
      reason: 'The new passport scan is unreadable: send it again',
    });
    expect((await confirm(asked.id)).statusCode).toBe(409);
    expect((await refuse(asked.id, 'again')).statusCode).toBe(409);
    expect(await feeLines(booked.bookingId)).toHaveLength(0);
    const [record] = await db.select().from(clients).where(eq(clients.id, booked.clientId));
    expect(record?.documentNumber).toBe('P1234567');
    const [seen] = documentChangesAnswer.parse((await list(booked.code)).json()).requests;
    expect(seen).toMatchObject({
      status: 'refused',
      reason: 'The new passport scan is unreadable: send it again',
    });
    expect((await auditOf(asked.id)).map((entry) => [entry.action, entry.staffUserId])).toEqual([
      ['document_change.request', customer.user.id],
      ['document_change.refuse', agent.user.id],
    ]);

    await app.mail.sendDue();
    const [mail] = await db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'document_change'), eq(outbox.subjectId, asked.id)));
    expect(mail?.subject).toBe(`Booking ${booked.code}: the document change was not made`);
    expect(mail?.text).toContain('The new passport scan is unreadable: send it again');
  });
});

describe('who may see and do what', () => {
  it("is a 404 for another customer's booking, request and every staff route", async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    const asked = await askedOk(booked);
    expect((await ask(booked, undefined, undefined, other.token)).statusCode).toBe(404);
    expect((await list(booked.code, other.token)).statusCode).toBe(404);
    const withdraw = await post(
      `/api/tour/booking/${booked.code}/document-changes/${asked.id}/withdraw`,
      other.token,
      {},
    );
    expect(withdraw.statusCode).toBe(404);
    // Another's request id through one's own booking is a 404 too.
    const mine = await bookWithPassenger(other.token);
    const crossed = await post(
      `/api/tour/booking/${mine.code}/document-changes/${asked.id}/withdraw`,
      other.token,
      {},
    );
    expect(crossed.statusCode).toBe(404);
    for (const url of [
      '/api/admin/document-changes',
      `/api/admin/document-changes/${asked.id}`,
      `/api/admin/document-changes/${asked.id}/scans/old`,
      `/api/admin/document-changes/${asked.id}/scans/new`,
    ]) {
      const response = await app.inject({ url, headers: bearer(customer.token) });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
    expect((await confirm(asked.id, undefined, customer.token)).statusCode).toBe(404);
    expect((await refuse(asked.id, 'no', customer.token)).statusCode).toBe(404);
    const unknown = await app.inject({
      url: '/api/admin/document-changes/00000000-0000-4000-8000-000000000000/scans/old',
      headers: bearer(agent.token),
    });
    expect(unknown.statusCode).toBe(404);
    // Untouched.
    const [row] = await db
      .select({ status: documentChangeRequests.status })
      .from(documentChangeRequests)
      .where(eq(documentChangeRequests.id, asked.id));
    expect(row?.status).toBe('requested');
  });

  it('lists the open requests for staff, oldest first, and the others by status', async () => {
    const first = await bookWithPassenger();
    await lockSlot(first);
    const second = await bookWithPassenger();
    await lockSlot(second);
    const one = await askedOk(first);
    const two = await askedOk(second);
    const open = await app.inject({
      url: '/api/admin/document-changes?pageSize=100',
      headers: bearer(agent.token),
    });
    const ids = adminDocumentChangeList.parse(open.json()).map((item) => item.id);
    expect(ids.indexOf(one.id)).toBeLessThan(ids.indexOf(two.id));
    expect(ids.indexOf(one.id)).toBeGreaterThanOrEqual(0);
    await refuse(one.id, 'Not readable');
    const refused = await app.inject({
      url: `/api/admin/document-changes?status=refused&booking=${first.code.toLowerCase()}`,
      headers: bearer(agent.token),
    });
    expect(adminDocumentChangeList.parse(refused.json()).map((item) => item.id)).toEqual([one.id]);
    const single = await app.inject({
      url: `/api/admin/document-changes/${two.id}`,
      headers: bearer(admin.token),
    });
    expect(adminDocumentChange.parse(single.json()).status).toBe('requested');
  });
});

describe('the fee is the tour’s', () => {
  it("charges the tour's own fee for its audience, quoted when asked for", async () => {
    const booked = await bookWithPassenger(customer.token, '100401');
    await lockSlot(booked);
    const booking = await bookingRow(booked.code);
    await writePolicy(db, booking.tourId, 'standard', {
      ...SPEC_POLICIES.standard,
      nameChangeFeeCents: 9000,
    });
    try {
      const asked = await askedOk(booked);
      expect(asked.fee).toBe(90);
      // The fee quoted is the fee charged, even if the tour's changes meanwhile.
      await writePolicy(db, booking.tourId, 'standard', {
        ...SPEC_POLICIES.standard,
        nameChangeFeeCents: 20000,
      });
      expect((await confirm(asked.id)).statusCode).toBe(200);
      expect((await feeLines(booked.bookingId)).map((line) => line.amountCents)).toEqual([9000]);
    } finally {
      await writePolicy(db, booking.tourId, 'standard', SPEC_POLICIES.standard);
    }
  });

  it("follows the corporate terms for a company's booking, which its user asks for", async () => {
    const booked = await bookWithPassenger(corporate.token, '200501', true);
    await lockSlot(booked);
    const booking = await bookingRow(booked.code);
    await writePolicy(db, booking.tourId, 'corporate', {
      ...SPEC_POLICIES.corporate,
      nameChangeFeeCents: 5000,
    });
    try {
      const answer = documentChangesAnswer.parse((await list(booked.code, corporate.token)).json());
      expect(answer.fee).toBe(50);
      expect(answer.lastDay).toBe(
        dayjs(booking.travelDate)
          .subtract(SPEC_POLICIES.corporate.lastChangeDays, 'day')
          .format('YYYY-MM-DD'),
      );
      const response = await ask(booked, undefined, undefined, corporate.token);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().fee).toBe(50);
      // The public customer does not see the company's booking.
      expect((await list(booked.code)).statusCode).toBe(404);
    } finally {
      await writePolicy(db, booking.tourId, 'corporate', SPEC_POLICIES.corporate);
    }
  });

  it('keeps the fee when the booking is cancelled afterwards (a permit bought again is spent)', async () => {
    const booked = await bookWithPassenger();
    await lockSlot(booked);
    // Its deposit paid: the booking is confirmed, its permits bought.
    await deskPayment(booked.code, (await detail(booked.code)).balance.debt);
    const asked = await askedOk(booked);
    expect((await confirm(asked.id)).statusCode).toBe(200);
    const quote = await post(`/api/tour/booking/${booked.code}/changes/quote`, customer.token, {
      kind: 'cancel',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().lines).toContainEqual({
      kind: 'kept',
      amount: 115,
      reason: 'Kept by earlier changes of this booking',
    });
  });
});
