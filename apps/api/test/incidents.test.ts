import {
  type BookingDetail,
  CustomerTypeId,
  IncidentStatusId,
  IncidentTypeId,
  incidentOptions,
  type MessageKey,
  translate,
} from '@cusco/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents, tours } from '../src/db/schema.ts';
import { answerIncident } from '../src/modules/incidents/agency.ts';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { loadTour } from './support/bookings.ts';
import {
  type IncidentClient,
  incidentClient,
  incidentRow,
  setIncident,
} from './support/incidents.ts';
import {
  bookWithSlots,
  detailOf,
  loadPassengerOptions,
  passengerBody,
  slotOf,
} from './support/passengers.ts';

let ctx: TestContext;
let owner: IncidentClient;
let ownerEs: IncidentClient;
let stranger: IncidentClient;
let ownerToken: string;
/** The owner's booking: one adult (filled: Lucía Mamani) and one student (empty), a service. */
let booking: { code: string; detail: BookingDetail };
/** Another booking of the owner's, and one of the stranger's. */
let otherBooking: { code: string; detail: BookingDetail };
let strangerBooking: { code: string; detail: BookingDetail };
let tourName: string;
let tourNameEs: string;

const TOUR = '100401';
const text = (key: MessageKey, language: 'en' | 'es' = 'en') => translate(key, language);
const uuid0 = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  const ownerAccount = await signUpAndIn(ctx.app, { name: 'Rosa', lastname: 'Ccori' });
  const strangerAccount = await signUpAndIn(ctx.app, { name: 'Otro', lastname: 'Cliente' });
  ownerToken = ownerAccount.token;
  owner = incidentClient(ctx.app, ownerAccount.token);
  ownerEs = incidentClient(ctx.app, ownerAccount.token, { 'accept-language': 'es' });
  stranger = incidentClient(ctx.app, strangerAccount.token);

  const withService = { adults: 1, students: 1, services: [{ offer: 0, quantity: 2 }] };
  booking = await bookWithSlots(ctx.app, ownerAccount.token, TOUR, withService);
  otherBooking = await bookWithSlots(ctx.app, ownerAccount.token, TOUR, withService);
  strangerBooking = await bookWithSlots(ctx.app, strangerAccount.token, TOUR, withService);
  tourName = (await loadTour(ctx.app, TOUR)).name;
  const [tour] = await ctx.database.db.select().from(tours).where(eq(tours.code, TOUR));
  tourNameEs = tour?.nameEs ?? '';
  expect(tourNameEs).not.toBe(tourName);

  // The adult travels as Lucía Mamani; the student's slot stays empty.
  const options = await loadPassengerOptions(ctx.app, ownerAccount.token);
  const adult = slotOf(booking.detail, CustomerTypeId.adult);
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/api/client/${adult.id}/create`,
    headers: bearer(ownerAccount.token),
    payload: passengerBody(options, booking.code),
  });
  expect(created.statusCode, created.body).toBe(201);
  booking.detail = await detailOf(ctx.app, ownerAccount.token, booking.code);
});
afterAll(() => ctx?.close());

/** A free-subject request on the owner's booking. */
const freeSubject = (overrides: Record<string, unknown> = {}) => ({
  name: 'Vegetarian meals',
  description: 'Two of us are vegetarian.',
  typeId: IncidentTypeId.freeSubject,
  statusId: null,
  bookingId: booking.code,
  ...overrides,
});

function serviceLine(detail: BookingDetail) {
  const line = [...detail.additionalServices, ...detail.otherTours][0];
  if (!line) throw new Error('the test booking has no service line');
  return line;
}

function expectError(
  response: { statusCode: number; json: () => unknown; body: string },
  status: number,
  key: MessageKey,
  field?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { message: string; field?: string };
  expect(body.message).toBe(text(key));
  if (field) expect(body.field).toBe(field);
}

async function incidentCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(incidents);
  return row?.n ?? 0;
}

describe('GET /api/incident/list/types and /api/incident/list/status', () => {
  it('lists the incident types in order, in English and in Spanish', async () => {
    const en = await ctx.app.inject({
      url: '/api/incident/list/types',
      headers: bearer(ownerToken),
    });
    expect(en.statusCode).toBe(200);
    expect(incidentOptions.parse(en.json())).toEqual([
      { value: IncidentTypeId.freeSubject, label: 'Other request' },
      { value: IncidentTypeId.removePassenger, label: 'Remove a passenger' },
      { value: IncidentTypeId.addPassenger, label: 'Add a passenger' },
      { value: IncidentTypeId.removeAdditionalService, label: 'Remove an additional service' },
    ]);
    const es = await ctx.app.inject({
      url: '/api/incident/list/types',
      headers: { ...bearer(ownerToken), 'accept-language': 'es-PE,es;q=0.9' },
    });
    expect(es.json()).toEqual([
      { value: IncidentTypeId.freeSubject, label: 'Otra solicitud' },
      { value: IncidentTypeId.removePassenger, label: 'Retirar un pasajero' },
      { value: IncidentTypeId.addPassenger, label: 'Agregar un pasajero' },
      { value: IncidentTypeId.removeAdditionalService, label: 'Retirar un servicio adicional' },
    ]);
  });

  it('lists the statuses in order, in English and in Spanish', async () => {
    const en = await ctx.app.inject({
      url: '/api/incident/list/status',
      headers: bearer(ownerToken),
    });
    expect(en.statusCode).toBe(200);
    expect(incidentOptions.parse(en.json())).toEqual([
      { value: IncidentStatusId.registered, label: 'Registered' },
      { value: IncidentStatusId.inProgress, label: 'In progress' },
      { value: IncidentStatusId.answered, label: 'Answered' },
      { value: IncidentStatusId.closed, label: 'Closed' },
      { value: IncidentStatusId.cancelled, label: 'Cancelled' },
    ]);
    const es = await ctx.app.inject({
      url: '/api/incident/list/status',
      headers: { ...bearer(ownerToken), 'accept-language': 'es' },
    });
    expect((es.json() as { label: string }[]).map((status) => status.label)).toEqual([
      'Registrado',
      'En proceso',
      'Atendido',
      'Cerrado',
      'Anulado',
    ]);
  });

  it('answers 401 to every incident call without a token', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/incident/list/types'],
      ['GET', '/api/incident/list/status'],
      ['GET', '/api/incident/list'],
      ['GET', '/api/incident/ListByCurrentUser'],
      ['GET', `/api/incident/${uuid0}`],
      ['POST', '/api/incident/save'],
      ['PUT', `/api/incident/${uuid0}/update`],
      ['PUT', `/api/incident/${uuid0}/change/status`],
      ['DELETE', `/api/incident/${uuid0}/delete`],
    ];
    for (const [method, url] of calls) {
      const response = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/incident/save', () => {
  it('saves a free-subject request under its subject, registered, with every field filled', async () => {
    const id = await owner.create(freeSubject());
    const saved = await owner.read(id);
    expect(saved).toMatchObject({
      id,
      name: 'Vegetarian meals',
      description: 'Two of us are vegetarian.',
      typeId: IncidentTypeId.freeSubject,
      type: 'Other request',
      statusId: IncidentStatusId.registered,
      status: 'Registered',
      bookingId: booking.code,
      bookingName: `${booking.code} · ${tourName}`,
      observation: null,
      response: null,
      adviserId: null,
      targetId: null,
      targetName: null,
      nextStatusId: IncidentStatusId.cancelled,
      nextStatus: 'Cancelled',
      editable: true,
      deletable: true,
    });
    expect(Date.now() - Date.parse(saved.modifiedOn)).toBeLessThan(60_000);
  });

  it('refuses a free-subject request without a subject, saving nothing', async () => {
    const before = await incidentCount();
    for (const name of [undefined, '', '   ']) {
      const response = await owner.save(freeSubject({ name }));
      expectError(response, 400, 'completeAllFields', 'name');
    }
    expect(await incidentCount()).toBe(before);
  });

  it('names a request of a known type after the type, in the request language', async () => {
    const id = await owner.create({
      name: 'ignored: not a free subject',
      typeId: IncidentTypeId.addPassenger,
      bookingId: booking.code.toLowerCase(),
    });
    expect(await owner.read(id)).toMatchObject({
      name: 'Add a passenger',
      type: 'Add a passenger',
      bookingId: booking.code,
    });
    const spanish = await ownerEs.create({
      typeId: IncidentTypeId.addPassenger,
      bookingId: booking.code,
    });
    expect(await ownerEs.read(spanish)).toMatchObject({
      name: 'Agregar un pasajero',
      type: 'Agregar un pasajero',
      status: 'Registrado',
      bookingName: `${booking.code} · ${tourNameEs}`,
    });
  });

  it("answers 'Please Complete All Fields' for a type that is not in the list", async () => {
    const before = await incidentCount();
    for (const typeId of [uuid0, 'not-a-type', IncidentStatusId.registered]) {
      const response = await owner.save(freeSubject({ typeId }));
      expectError(response, 400, 'completeAllFields', 'typeId');
    }
    expectError(await owner.save(freeSubject({ typeId: '' })), 400, 'completeAllFields');
    expect(await incidentCount()).toBe(before);
  });

  it('ignores the statusId of the body: a new request starts registered', async () => {
    const id = await owner.create(freeSubject({ statusId: IncidentStatusId.answered }));
    expect((await owner.read(id)).statusId).toBe(IncidentStatusId.registered);
    const closed = await owner.create(freeSubject({ statusId: IncidentStatusId.closed }));
    expect((await incidentRow(ctx.database.db, closed))?.statusId).toBe(
      IncidentStatusId.registered,
    );
  });

  it('saves a remove-passenger request about a slot of the booking, named by the passenger', async () => {
    const adult = slotOf(booking.detail, CustomerTypeId.adult);
    const student = slotOf(booking.detail, CustomerTypeId.student);
    expect(adult.clientId).not.toBeNull();

    const id = await owner.create({
      typeId: IncidentTypeId.removePassenger,
      bookingId: booking.code,
      targetId: adult.id,
    });
    expect(await owner.read(id)).toMatchObject({
      name: 'Remove a passenger',
      targetId: adult.id,
      targetName: `Passenger ${adult.number} · Lucía Mamani`,
    });

    const empty = await owner.create({
      typeId: IncidentTypeId.removePassenger,
      bookingId: booking.code,
      targetId: student.id,
    });
    expect(await owner.read(empty)).toMatchObject({
      targetId: student.id,
      targetName: `Passenger ${student.number}`,
    });
    expect((await ownerEs.read(empty)).targetName).toBe(`Pasajero ${student.number}`);
  });

  it('refuses a remove-passenger request without a slot of that booking', async () => {
    const before = await incidentCount();
    const base = { typeId: IncidentTypeId.removePassenger, bookingId: booking.code };
    const wrongTargets = [
      undefined,
      null,
      '',
      'slot-1',
      uuid0,
      slotOf(otherBooking.detail, CustomerTypeId.adult).id,
      slotOf(strangerBooking.detail, CustomerTypeId.adult).id,
      serviceLine(booking.detail).id,
    ];
    for (const targetId of wrongTargets) {
      const response = await owner.save({ ...base, targetId });
      expectError(response, 400, 'completeAllFields', 'targetId');
    }
    expect(await incidentCount()).toBe(before);
  });

  it('saves a remove-service request about a service line of the booking, and refuses others', async () => {
    const line = serviceLine(booking.detail);
    expect(line.quantity).toBe(2);
    const id = await owner.create({
      typeId: IncidentTypeId.removeAdditionalService,
      bookingId: booking.code,
      targetId: line.id,
    });
    expect(await owner.read(id)).toMatchObject({
      name: 'Remove an additional service',
      targetId: line.id,
      targetName: `${line.productName} × 2`,
    });
    expect((await owner.read(id)).targetName).toMatch(/^Sleeping bag rental \(.+\) × 2$/);

    const before = await incidentCount();
    const base = { typeId: IncidentTypeId.removeAdditionalService, bookingId: booking.code };
    for (const targetId of [
      undefined,
      serviceLine(otherBooking.detail).id,
      serviceLine(strangerBooking.detail).id,
      slotOf(booking.detail, CustomerTypeId.adult).id,
    ]) {
      expectError(await owner.save({ ...base, targetId }), 400, 'completeAllFields', 'targetId');
    }
    expect(await incidentCount()).toBe(before);
  });

  it('ignores the targetId of a type that is not about a passenger or a service', async () => {
    const id = await owner.create({
      typeId: IncidentTypeId.addPassenger,
      bookingId: booking.code,
      targetId: slotOf(booking.detail, CustomerTypeId.adult).id,
    });
    expect(await owner.read(id)).toMatchObject({ targetId: null, targetName: null });
    const row = await incidentRow(ctx.database.db, id);
    expect(row?.targetSlotId).toBeNull();
  });

  it('answers 404 for a reservation the caller may not see, saving nothing', async () => {
    const before = await incidentCount();
    for (const bookingId of [strangerBooking.code, 'CT-000000']) {
      expectError(await owner.save(freeSubject({ bookingId })), 404, 'bookingNotFound');
    }
    expect(await incidentCount()).toBe(before);
  });

  it('never takes observation, response or an adviser from the customer', async () => {
    const id = await owner.create(
      freeSubject({ observation: 'forged', response: 'forged', adviserId: null }),
    );
    const row = await incidentRow(ctx.database.db, id);
    expect(row).toMatchObject({ observation: null, response: null, adviserId: null });
  });
});

describe('GET /api/incident/ListByCurrentUser, /api/incident/list and /api/incident/{id}', () => {
  it("lists the caller's incidents only, newest change first, with their fields filled", async () => {
    const first = await owner.create(freeSubject({ name: 'First' }));
    const second = await owner.create({
      typeId: IncidentTypeId.removePassenger,
      bookingId: otherBooking.code,
      targetId: slotOf(otherBooking.detail, CustomerTypeId.student).id,
    });
    const third = await owner.create(freeSubject({ name: 'Third' }));
    const theirs = await stranger.create(freeSubject({ bookingId: strangerBooking.code }));

    const mine = await owner.all();
    expect(mine.slice(0, 3).map((incident) => incident.id)).toEqual([third, second, first]);
    const times = mine.map((incident) => Date.parse(incident.modifiedOn));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(mine.map((incident) => incident.id)).not.toContain(theirs);
    expect(mine.every((incident) => incident.bookingId !== strangerBooking.code)).toBe(true);
    expect(mine[1]).toMatchObject({
      bookingId: otherBooking.code,
      bookingName: `${otherBooking.code} · ${tourName}`,
      type: 'Remove a passenger',
      status: 'Registered',
      targetName: `Passenger ${slotOf(otherBooking.detail, CustomerTypeId.student).number}`,
      editable: true,
      deletable: true,
    });

    // The spec's two list calls answer the same to a customer.
    expect(await owner.all('/api/incident/list')).toEqual(mine);

    const strangers = await stranger.all();
    expect(strangers.map((incident) => incident.id)).toEqual([theirs]);
  });

  it('moves an incident to the top of the list when it changes', async () => {
    const older = await owner.create(freeSubject({ name: 'Older' }));
    await owner.create(freeSubject({ name: 'Newer' }));
    const before = await owner.read(older);
    const updated = await owner.update(older, {
      typeId: IncidentTypeId.freeSubject,
      description: 'Changed',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const list = await owner.all();
    expect(list[0]?.id).toBe(older);
    expect(Date.parse(list[0]?.modifiedOn ?? '')).toBeGreaterThanOrEqual(
      Date.parse(before.modifiedOn),
    );
    const row = await incidentRow(ctx.database.db, older);
    expect(row?.modifiedOn.getTime()).toBeGreaterThan(row?.createdAt.getTime() ?? Infinity);
  });

  it("answers 404 to every call on another customer's incident, and changes nothing", async () => {
    const id = await owner.create(freeSubject({ name: 'Mine only' }));
    const before = await incidentRow(ctx.database.db, id);
    expectError(await stranger.get(id), 404, 'incidentNotFound');
    expectError(
      await stranger.update(id, { typeId: IncidentTypeId.freeSubject, name: 'Taken over' }),
      404,
      'incidentNotFound',
    );
    expectError(await stranger.changeStatus(id), 404, 'incidentNotFound');
    expectError(await stranger.remove(id), 404, 'incidentNotFound');
    expect(await incidentRow(ctx.database.db, id)).toEqual(before);
    expect((await stranger.all()).map((incident) => incident.id)).not.toContain(id);
  });

  it('answers 404 for a malformed or unknown id on every call', async () => {
    for (const id of ['not-an-id', '12345', uuid0, `${uuid0}x`]) {
      expectError(await owner.get(id), 404, 'incidentNotFound');
      expectError(
        await owner.update(id, { typeId: IncidentTypeId.freeSubject }),
        404,
        'incidentNotFound',
      );
      expectError(await owner.changeStatus(id), 404, 'incidentNotFound');
      expectError(await owner.remove(id), 404, 'incidentNotFound');
    }
  });
});

describe('PUT /api/incident/{id}/update', () => {
  it('changes the subject and the message of a free-subject request', async () => {
    const id = await owner.create(freeSubject());
    const response = await owner.update(id, {
      typeId: IncidentTypeId.freeSubject,
      statusId: IncidentStatusId.registered,
      adviserId: null,
      name: 'Late arrival',
      description: 'We arrive on the 3rd.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 1, id });
    expect(await owner.read(id)).toMatchObject({
      name: 'Late arrival',
      description: 'We arrive on the 3rd.',
      statusId: IncidentStatusId.registered,
    });
  });

  it('re-derives the name from a new type, and requires a subject or a target when needed', async () => {
    const id = await owner.create(freeSubject());
    const slot = slotOf(booking.detail, CustomerTypeId.student);

    // A remove-passenger type needs a slot of the booking.
    const noTarget = await owner.update(id, { typeId: IncidentTypeId.removePassenger });
    expectError(noTarget, 400, 'completeAllFields', 'targetId');
    const foreign = await owner.update(id, {
      typeId: IncidentTypeId.removePassenger,
      targetId: slotOf(otherBooking.detail, CustomerTypeId.student).id,
    });
    expectError(foreign, 400, 'completeAllFields', 'targetId');
    expect((await owner.read(id)).name).toBe('Vegetarian meals');

    const moved = await ownerEs.update(id, {
      typeId: IncidentTypeId.removePassenger,
      name: 'ignored',
      targetId: slot.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await owner.read(id)).toMatchObject({
      name: 'Retirar un pasajero',
      typeId: IncidentTypeId.removePassenger,
      targetId: slot.id,
    });

    // Leaving the target out keeps it.
    const kept = await owner.update(id, {
      typeId: IncidentTypeId.removePassenger,
      description: 'Changed plans',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await owner.read(id)).toMatchObject({ targetId: slot.id, name: 'Remove a passenger' });

    // A removal's type is fixed once filed (issue 26: removal-requests.test.ts).
    const back = await owner.update(id, { typeId: IncidentTypeId.freeSubject, name: 'Other' });
    expectError(back, 409, 'removalFixed', 'typeId');
    const unknownType = await owner.update(id, { typeId: uuid0, name: 'x' });
    expectError(unknownType, 400, 'completeAllFields', 'typeId');

    // Another request: the subject must be given again when it becomes a free subject.
    const other = await owner.create({ ...freeSubject(), typeId: IncidentTypeId.addPassenger });
    const noSubject = await owner.update(other, { typeId: IncidentTypeId.freeSubject });
    expectError(noSubject, 400, 'completeAllFields', 'name');
    const named = await owner.update(other, { typeId: IncidentTypeId.freeSubject, name: 'Other' });
    expect(named.statusCode, named.body).toBe(200);
    expect(await owner.read(other)).toMatchObject({
      name: 'Other',
      targetId: null,
      targetName: null,
    });
    expect((await incidentRow(ctx.database.db, other))?.targetSlotId).toBeNull();
  });

  it('refuses a status that is not the one transition open to the customer (422)', async () => {
    const id = await owner.create(freeSubject());
    for (const statusId of [
      IncidentStatusId.closed,
      IncidentStatusId.answered,
      IncidentStatusId.inProgress,
      uuid0,
      'done',
    ]) {
      const response = await owner.update(id, {
        typeId: IncidentTypeId.freeSubject,
        statusId,
        description: 'must not be written',
      });
      expectError(response, 422, 'statusNotAllowed', 'statusId');
    }
    expect(await owner.read(id)).toMatchObject({
      statusId: IncidentStatusId.registered,
      description: 'Two of us are vegetarian.',
    });
  });

  it('takes the allowed transition (registered → cancelled) with the other changes', async () => {
    const id = await owner.create(freeSubject());
    const response = await owner.update(id, {
      typeId: IncidentTypeId.freeSubject,
      statusId: IncidentStatusId.cancelled,
      description: 'No longer needed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await owner.read(id)).toMatchObject({
      statusId: IncidentStatusId.cancelled,
      status: 'Cancelled',
      description: 'No longer needed',
      editable: false,
      deletable: true,
      nextStatusId: null,
      nextStatus: null,
    });
  });

  it('refuses an adviser chosen by the customer', async () => {
    const id = await owner.create(freeSubject());
    const response = await owner.update(id, {
      typeId: IncidentTypeId.freeSubject,
      adviserId: uuid0,
    });
    expect(response.statusCode).toBe(400);
    expect((await incidentRow(ctx.database.db, id))?.adviserId).toBeNull();
  });
});

describe('the status machine', () => {
  it('registered → cancelled by the customer; a cancelled request cannot move or change', async () => {
    const id = await owner.create(freeSubject());
    const changed = await owner.changeStatus(id);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ result: 1, id });
    expect((await owner.read(id)).statusId).toBe(IncidentStatusId.cancelled);

    expectError(await owner.changeStatus(id), 409, 'incidentFinished');
    expectError(
      await owner.update(id, { typeId: IncidentTypeId.freeSubject, name: 'Again' }),
      409,
      'incidentFinished',
    );
    expect((await owner.read(id)).statusId).toBe(IncidentStatusId.cancelled);
  });

  it('answered by the agency: locked for the customer, who may only close it', async () => {
    const id = await owner.create(freeSubject());
    await answerIncident(ctx.database.db, id, {
      observation: 'Checked with the kitchen',
      response: 'Vegetarian meals are confirmed.',
      adviserId: uuid0,
    });
    const answered = await owner.read(id);
    expect(answered).toMatchObject({
      statusId: IncidentStatusId.answered,
      status: 'Answered',
      observation: 'Checked with the kitchen',
      response: 'Vegetarian meals are confirmed.',
      adviserId: uuid0,
      editable: false,
      deletable: false,
      nextStatusId: IncidentStatusId.closed,
      nextStatus: 'Closed',
    });

    const update = await owner.update(id, { typeId: IncidentTypeId.freeSubject, name: 'Edit' });
    expectError(update, 409, 'incidentAnswered');
    const spanish = await ownerEs.update(id, { typeId: IncidentTypeId.freeSubject, name: 'x' });
    expect(spanish.json<{ message: string }>().message).toBe(text('incidentAnswered', 'es'));
    expectError(await owner.remove(id), 409, 'incidentAnswered');

    const closed = await owner.changeStatus(id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await owner.read(id)).toMatchObject({
      statusId: IncidentStatusId.closed,
      status: 'Closed',
      response: 'Vegetarian meals are confirmed.',
      editable: false,
      deletable: false,
      nextStatusId: null,
    });
    expectError(await owner.changeStatus(id), 409, 'incidentFinished');
    expectError(
      await owner.update(id, { typeId: IncidentTypeId.freeSubject, name: 'Edit' }),
      409,
      'incidentAnswered',
    );
    expectError(await owner.remove(id), 409, 'incidentAnswered');
  });

  it('in progress: the customer may still edit it and cancel it', async () => {
    const id = await owner.create(freeSubject());
    await setIncident(ctx.database.db, id, { statusId: IncidentStatusId.inProgress });
    expect(await owner.read(id)).toMatchObject({
      status: 'In progress',
      editable: true,
      deletable: true,
      nextStatusId: IncidentStatusId.cancelled,
    });
    const edited = await owner.update(id, {
      typeId: IncidentTypeId.freeSubject,
      statusId: IncidentStatusId.inProgress,
      description: 'More details',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancelled = await owner.changeStatus(id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await owner.read(id)).toMatchObject({
      statusId: IncidentStatusId.cancelled,
      description: 'More details',
    });
  });

  it('lets the agency answer only from registered or in progress', async () => {
    const cancelled = await owner.create(freeSubject());
    await owner.changeStatus(cancelled);
    const answer = { observation: 'o', response: 'r' };
    await expect(answerIncident(ctx.database.db, cancelled, answer)).rejects.toMatchObject({
      messageKey: 'statusNotAllowed',
    });
    const inProgress = await owner.create(freeSubject());
    await setIncident(ctx.database.db, inProgress, { statusId: IncidentStatusId.inProgress });
    await answerIncident(ctx.database.db, inProgress, answer);
    expect((await owner.read(inProgress)).statusId).toBe(IncidentStatusId.answered);
    await expect(answerIncident(ctx.database.db, inProgress, answer)).rejects.toMatchObject({
      messageKey: 'statusNotAllowed',
    });
    await expect(answerIncident(ctx.database.db, uuid0, answer)).rejects.toMatchObject({
      messageKey: 'incidentNotFound',
    });
  });

  it('never lets a customer call write observation, response or the adviser', async () => {
    const id = await owner.create(freeSubject());
    const agency = { observation: 'Agency note', response: 'Agency reply', adviserId: uuid0 };
    await setIncident(ctx.database.db, id, agency);
    const forged = { observation: 'forged', response: 'forged' };

    const updated = await owner.update(id, {
      typeId: IncidentTypeId.freeSubject,
      adviserId: null,
      description: 'New message',
      ...forged,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await incidentRow(ctx.database.db, id)).toMatchObject({
      ...agency,
      description: 'New message',
    });

    const changed = await owner.changeStatus(id, forged);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await incidentRow(ctx.database.db, id)).toMatchObject({
      ...agency,
      statusId: IncidentStatusId.cancelled,
    });
  });

  it('takes change/status with no body, an empty JSON body or {}', async () => {
    const bodies: { payload?: string; headers?: Record<string, string> }[] = [
      {},
      { payload: '', headers: { 'content-type': 'application/json' } },
      { payload: '{}', headers: { 'content-type': 'application/json' } },
    ];
    for (const body of bodies) {
      const id = await owner.create(freeSubject());
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/incident/${id}/change/status`,
        headers: { ...bearer(ownerToken), ...body.headers },
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await owner.read(id)).statusId).toBe(IncidentStatusId.cancelled);
    }
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/incident/${uuid0}/change/status`,
      headers: { ...bearer(ownerToken), 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('updates modifiedOn on every write', async () => {
    const id = await owner.create(freeSubject());
    const past = new Date('2001-01-01T00:00:00Z');
    /** Sets modifiedOn far back, runs a write, and answers the stored modifiedOn after it. */
    const after = async (write: () => Promise<unknown>) => {
      await ctx.database.db.update(incidents).set({ modifiedOn: past }).where(eq(incidents.id, id));
      await write();
      return (await incidentRow(ctx.database.db, id))?.modifiedOn.getTime() ?? 0;
    };
    const updated = await after(() =>
      owner.update(id, { typeId: IncidentTypeId.freeSubject, description: 'a' }),
    );
    await setIncident(ctx.database.db, id, { statusId: IncidentStatusId.inProgress });
    const answered = await after(() =>
      answerIncident(ctx.database.db, id, { observation: 'o', response: 'r' }),
    );
    const closed = await after(() => owner.changeStatus(id));
    for (const written of [updated, answered, closed]) {
      expect(written).toBeGreaterThan(past.getTime());
    }
  });
});

describe('DELETE /api/incident/{id}/delete', () => {
  it('removes a registered request: then it is 404 and gone from the list', async () => {
    const id = await owner.create(freeSubject({ name: 'To delete' }));
    const response = await owner.remove(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 1, id });
    expectError(await owner.get(id), 404, 'incidentNotFound');
    expect((await owner.all()).map((incident) => incident.id)).not.toContain(id);
    expect(await incidentRow(ctx.database.db, id)).toBeUndefined();
    expectError(await owner.remove(id), 404, 'incidentNotFound');
  });

  it('removes an in-progress or a cancelled request too', async () => {
    const inProgress = await owner.create(freeSubject());
    await setIncident(ctx.database.db, inProgress, { statusId: IncidentStatusId.inProgress });
    expect((await owner.remove(inProgress)).statusCode).toBe(200);
    const cancelled = await owner.create(freeSubject());
    await owner.changeStatus(cancelled);
    expect((await owner.remove(cancelled)).statusCode).toBe(200);
    expect(await incidentRow(ctx.database.db, cancelled)).toBeUndefined();
  });

  it('takes a DELETE labelled JSON with an empty body', async () => {
    const id = await owner.create(freeSubject());
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/incident/${id}/delete`,
      headers: { ...bearer(ownerToken), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await incidentRow(ctx.database.db, id)).toBeUndefined();
  });
});
