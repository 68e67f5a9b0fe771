import {
  addYears,
  CustomerTypeId,
  clientRecord,
  optionList,
  optionListKeys,
  passengerRequiredFields,
  passengerSaveResponse,
  todayInLima,
  translate,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, occupations } from '../src/db/schema.ts';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  bookWithSlots,
  detailOf,
  loadPassengerOptions,
  type PassengerOptions,
  passengerBody,
  slotOf,
} from './support/passengers.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let stranger: Awaited<ReturnType<typeof signUpAndIn>>;
let options: PassengerOptions;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app, { name: 'Rosa', lastname: 'Ccori' });
  stranger = await signUpAndIn(ctx.app, { name: 'Otro', lastname: 'Cliente' });
  options = await loadPassengerOptions(ctx.app, owner.token);
});
afterAll(() => ctx?.close());

const text = (key: Parameters<typeof translate>[0]) => translate(key, 'en');

function createPassenger(token: string, slotId: string, body: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/client/${slotId}/create`,
    headers: bearer(token),
    payload: body as object,
  });
}

function updatePassenger(token: string, clientId: string, body: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/client/${clientId}/update`,
    headers: bearer(token),
    payload: body as object,
  });
}

function getClient(token: string, clientId: string) {
  return ctx.app.inject({ url: `/api/client/${clientId}`, headers: bearer(token) });
}

async function clientCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

/** A fresh booking of one adult and one student, and its adult slot. */
async function freshBooking() {
  const booking = await bookWithSlots(ctx.app, owner.token);
  return {
    ...booking,
    travelDate: booking.detail.booking.tripDate,
    adultSlot: slotOf(booking.detail, CustomerTypeId.adult),
    studentSlot: slotOf(booking.detail, CustomerTypeId.student),
  };
}

describe('GET /api/optionlist/listbykey/{key} and /api/job/list', () => {
  it.each([...optionListKeys.map((key) => `/api/optionlist/listbykey/${key}`), '/api/job/list'])(
    '%s answers a non-empty list in English and in Spanish',
    async (url) => {
      const english = await ctx.app.inject({ url, headers: bearer(owner.token) });
      const spanish = await ctx.app.inject({
        url,
        headers: { ...bearer(owner.token), 'accept-language': 'es-PE,es;q=0.9' },
      });
      expect(english.statusCode, english.body).toBe(200);
      expect(spanish.statusCode, spanish.body).toBe(200);
      const en = optionList.parse(english.json());
      const es = optionList.parse(spanish.json());
      expect(en.length).toBeGreaterThan(0);
      // The same items in the same order, named in each language.
      expect(es.map((item) => item.id)).toEqual(en.map((item) => item.id));
      expect(es.map((item) => item.name)).not.toEqual(en.map((item) => item.name));
    },
  );

  it('orders a list by its sort order, not by name', async () => {
    const response = await ctx.app.inject({
      url: '/api/optionlist/listbykey/DocumentType',
      headers: bearer(owner.token),
    });
    expect(response.json().map((item: { name: string }) => item.name)).toEqual([
      'Passport',
      'Peruvian national ID (DNI)',
      "Foreigner's card (CE)",
      'Andean Community ID card',
    ]);
    const jobs = await ctx.app.inject({ url: '/api/job/list', headers: bearer(owner.token) });
    const stored = await ctx.database.db
      .select({ id: occupations.id })
      .from(occupations)
      .orderBy(asc(occupations.sortOrder));
    expect(jobs.json().map((item: { id: string }) => item.id)).toEqual(stored.map((row) => row.id));
  });

  it('matches the key without regard to case', async () => {
    const response = await ctx.app.inject({
      url: '/api/optionlist/listbykey/documenttype',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(options.DocumentType);
  });

  it('answers 404 for an unknown key', async () => {
    for (const key of ['Religion', 'constructor', '__proto__']) {
      const response = await ctx.app.inject({
        url: `/api/optionlist/listbykey/${key}`,
        headers: bearer(owner.token),
      });
      expect(response.statusCode, key).toBe(404);
    }
  });

  it('requires a session', async () => {
    for (const url of ['/api/optionlist/listbykey/sex', '/api/job/list']) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/client/{slotId}/create and PUT /api/client/{id}/update', () => {
  it('creates the passenger of an empty slot; the detail then shows it', async () => {
    const { code, adultSlot } = await freshBooking();
    expect(adultSlot).toMatchObject({ clientId: null, percentage: 0 });

    const response = await createPassenger(
      owner.token,
      adultSlot.id,
      passengerBody(options, code.toLowerCase()),
    );
    expect(response.statusCode, response.body).toBe(201);
    const saved = passengerSaveResponse.parse(response.json());

    const slot = slotOf(await detailOf(ctx.app, owner.token, code), CustomerTypeId.adult);
    expect(slot.clientId).toBe(saved.id);
    expect(slot.name).toBe('Lucía Mamani');
    // The 14 required fields are filled; only the document scan is missing: 14 of 15.
    expect(slot.percentage).toBe(93);
    expect(slot.hasDocument).toBe(false);

    const record = await getClient(owner.token, saved.id);
    expect(record.statusCode, record.body).toBe(200);
    expect(clientRecord.parse(record.json())).toEqual({
      id: saved.id,
      firstname: 'Lucía',
      lastname: 'Mamani',
      countryid: 'PE',
      birthdateStr: '1994-08-21',
      documenttypeid: options.DocumentType[0]?.id,
      documentnumber: 'P1234567',
      expirationDate: addYears(todayInLima(), 5),
      email: 'lucia.mamani@example.com',
      mobilenumber: '+51 984 111 222',
      jobid: options.job[0]?.id,
      sexid: options.sex[0]?.id,
      maritalstatusid: options.MaritalStatus[0]?.id,
      foodpreferencesid: options.FoodPreference[0]?.id,
      foodobservation: 'No pork',
      travelpurposeid: options.TravelPurpose[0]?.id,
      travelpurposeobservation: null,
      trekkingexperienceid: options.TrekkingExperience[0]?.id,
      trekkingexperienceobservation: 'Two treks in Nepal',
      allergyobservation: null,
      medicalrequirement: null,
      dateExpirationCard: null,
      emergencyContactName: null,
      emergencyContactPhone: null,
      urlFile: null,
    });
  });

  it('updates the passenger; the slot keeps it and the detail shows the new name', async () => {
    const { code, adultSlot } = await freshBooking();
    const created = await createPassenger(owner.token, adultSlot.id, passengerBody(options, code));
    const id = created.json().id as string;

    const response = await updatePassenger(
      owner.token,
      id,
      passengerBody(options, code, {
        firstName: 'Lucía Isabel',
        sexId: options.sex[1]?.id,
        jobId: options.job[1]?.id,
        countryId: 'ar',
        allergyObservation: 'Penicillin',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(passengerSaveResponse.parse(response.json())).toEqual({ result: 1, id });

    const slot = slotOf(await detailOf(ctx.app, owner.token, code), CustomerTypeId.adult);
    expect(slot).toMatchObject({ clientId: id, name: 'Lucía Isabel Mamani', percentage: 93 });
    expect((await getClient(owner.token, id)).json()).toMatchObject({
      firstname: 'Lucía Isabel',
      sexid: options.sex[1]?.id,
      jobid: options.job[1]?.id,
      countryid: 'AR',
      allergyobservation: 'Penicillin',
    });
  });

  it('fills a student slot only with the card expiry, and keeps it', async () => {
    const { code, studentSlot, travelDate } = await freshBooking();
    const before = await clientCount();
    const student = { birthDate: addYears(travelDate, -20) };
    const without = await createPassenger(
      owner.token,
      studentSlot.id,
      passengerBody(options, code, student),
    );
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      message: 'Please Confirm All Fields',
      field: 'dateExpirationCard',
    });
    expect(await clientCount()).toBe(before);

    const expiry = addYears(todayInLima(), 2);
    const created = await createPassenger(
      owner.token,
      studentSlot.id,
      passengerBody(options, code, { ...student, dateExpirationCard: expiry }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await getClient(owner.token, id)).json().dateExpirationCard).toBe(expiry);

    // The student's rules hold on update too.
    const update = await updatePassenger(owner.token, id, passengerBody(options, code, student));
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({
      message: 'Please Confirm All Fields',
      field: 'dateExpirationCard',
    });
    const slot = slotOf(await detailOf(ctx.app, owner.token, code), CustomerTypeId.student);
    // 14 required fields and the card: 15 of 16.
    expect(slot.percentage).toBe(93);
  });

  it("stores a non-student's card expiry as null", async () => {
    const { code, adultSlot } = await freshBooking();
    const response = await createPassenger(
      owner.token,
      adultSlot.id,
      passengerBody(options, code, { dateExpirationCard: addYears(todayInLima(), 1) }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    const [row] = await ctx.database.db.select().from(clients).where(eq(clients.id, id));
    expect(row?.cardExpiry).toBeNull();
    expect((await getClient(owner.token, id)).json().dateExpirationCard).toBeNull();
  });

  it('refuses a second passenger on a filled slot with 409, creating nothing', async () => {
    const { code, adultSlot } = await freshBooking();
    const first = await createPassenger(owner.token, adultSlot.id, passengerBody(options, code));
    expect(first.statusCode).toBe(201);
    const before = await clientCount();
    const second = await createPassenger(owner.token, adultSlot.id, passengerBody(options, code));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: text('slotTaken'),
    });
    expect(await clientCount()).toBe(before);
    // A filled slot is a 409 whatever the body holds.
    const invalid = await createPassenger(
      owner.token,
      adultSlot.id,
      passengerBody(options, code, { birthDate: addYears(todayInLima(), -1) }),
    );
    expect(invalid.statusCode).toBe(409);
  });

  it('lets only one of two simultaneous creates fill a slot', async () => {
    const { code, adultSlot } = await freshBooking();
    const before = await clientCount();
    const answers = await Promise.all([
      createPassenger(owner.token, adultSlot.id, passengerBody(options, code)),
      createPassenger(owner.token, adultSlot.id, passengerBody(options, code)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await clientCount()).toBe(before + 1);
  });

  it('answers 404 when bookingcode names another booking, or none', async () => {
    const { code, adultSlot } = await freshBooking();
    const other = await freshBooking();
    for (const bookingcode of [other.code, 'CT-ZZZZZZ']) {
      const response = await createPassenger(
        owner.token,
        adultSlot.id,
        passengerBody(options, bookingcode),
      );
      expect(response.statusCode, bookingcode).toBe(404);
    }
    const created = await createPassenger(owner.token, adultSlot.id, passengerBody(options, code));
    const id = created.json().id as string;
    const update = await updatePassenger(
      owner.token,
      id,
      passengerBody(options, other.code, { firstName: 'Changed' }),
    );
    expect(update.statusCode).toBe(404);
    expect((await getClient(owner.token, id)).json().firstname).toBe('Lucía');
  });

  it('answers 400, not 500, for a malformed slot or client id', async () => {
    const { code } = await freshBooking();
    const create = await createPassenger(owner.token, 'not-a-slot', passengerBody(options, code));
    expect(create.statusCode).toBe(400);
    expect((await getClient(owner.token, '12345')).statusCode).toBe(400);
  });

  it('requires a session', async () => {
    const { code, adultSlot } = await freshBooking();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${adultSlot.id}/create`,
      payload: passengerBody(options, code),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('passenger validation (spec §5), saving nothing', () => {
  let code: string;
  let slotId: string;
  let travelDate: string;
  beforeAll(async () => {
    const booking = await freshBooking();
    code = booking.code;
    slotId = booking.adultSlot.id;
    travelDate = booking.travelDate;
  });

  async function expectRefused(overrides: Record<string, unknown>, field: string, message: string) {
    const before = await clientCount();
    const response = await createPassenger(
      owner.token,
      slotId,
      passengerBody(options, code, overrides),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field, message });
    expect(await clientCount()).toBe(before);
  }

  it.each(passengerRequiredFields)('%s missing: Please Complete All Fields', async (field) => {
    await expectRefused({ [field]: undefined }, field, 'Please Complete All Fields');
    await expectRefused({ [field]: '   ' }, field, 'Please Complete All Fields');
  });

  it('limits texts to 50 characters', async () => {
    for (const field of [
      'firstName',
      'lastName',
      'documentNumber',
      'mobileNumber',
      'foodObservation',
      'allergyObservation',
      'medicalRequirement',
    ]) {
      const value = field === 'mobileNumber' ? '9'.repeat(51) : 'a'.repeat(51);
      await expectRefused({ [field]: value }, field, 'At most 50 characters');
    }
    const email = `${'a'.repeat(39)}@example.com`; // 51 characters
    await expectRefused({ eMail: email }, 'eMail', 'At most 50 characters');
  });

  it('accepts 50 characters', async () => {
    const booking = await freshBooking();
    const response = await createPassenger(
      owner.token,
      booking.adultSlot.id,
      passengerBody(options, booking.code, {
        firstName: 'a'.repeat(50),
        foodObservation: 'b'.repeat(50),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses an adult under 17 on the travel date, and accepts one who turns 17 that day', async () => {
    await expectRefused(
      { birthDate: addYears(travelDate, -16) },
      'birthDate',
      text('adultTooYoung'),
    );
    await expectRefused(
      { birthDate: dayjs(addYears(travelDate, -17)).add(1, 'day').format('YYYY-MM-DD') },
      'birthDate',
      text('adultTooYoung'),
    );
    const booking = await freshBooking();
    const response = await createPassenger(
      owner.token,
      booking.adultSlot.id,
      passengerBody(options, booking.code, { birthDate: addYears(booking.travelDate, -17) }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses expiries more than 30 years ahead', async () => {
    const tooFar = dayjs(addYears(todayInLima(), 30)).add(1, 'day').format('YYYY-MM-DD');
    await expectRefused({ expirationDate: tooFar }, 'expirationDate', text('expiryTooFar'));
    const booking = await freshBooking();
    const before = await clientCount();
    const student = await createPassenger(
      owner.token,
      booking.studentSlot.id,
      passengerBody(options, booking.code, {
        birthDate: addYears(booking.travelDate, -20),
        dateExpirationCard: tooFar,
      }),
    );
    expect(student.statusCode).toBe(400);
    expect(student.json().field).toBe('dateExpirationCard');
    expect(await clientCount()).toBe(before);
  });

  it('refuses dates that are not dates, or before 1900', async () => {
    await expectRefused({ birthDate: '1990-02-30' }, 'birthDate', 'Enter a valid date');
    await expectRefused(
      { birthDate: '1899-12-31' },
      'birthDate',
      'The date cannot be before 01/01/1900',
    );
  });

  it('refuses an option id from another list, or from no list', async () => {
    await expectRefused(
      { sexId: options.DocumentType[0]?.id },
      'sexId',
      'The data sent is not valid',
    );
    await expectRefused(
      { trekkingExperienceId: options.TravelPurpose[0]?.id },
      'trekkingExperienceId',
      'The data sent is not valid',
    );
    await expectRefused({ jobId: options.sex[0]?.id }, 'jobId', 'The data sent is not valid');
    await expectRefused(
      { maritalStatusId: '00000000-0000-4000-8000-000000000000' },
      'maritalStatusId',
      'The data sent is not valid',
    );
    await expectRefused(
      { documentTypeId: 'passport' },
      'documentTypeId',
      'The data sent is not valid',
    );
    await expectRefused({ countryId: 'XX' }, 'countryId', 'Choose a country from the list');
  });

  it('refuses a wrong e-mail or phone', async () => {
    await expectRefused({ eMail: 'lucia@' }, 'eMail', 'Enter a valid e-mail address');
    await expectRefused(
      { mobileNumber: '984-ABC' },
      'mobileNumber',
      'Use only digits, spaces, +, - and parentheses',
    );
  });

  it('refuses an update that breaks a rule, keeping the record', async () => {
    const booking = await freshBooking();
    const created = await createPassenger(
      owner.token,
      booking.adultSlot.id,
      passengerBody(options, booking.code),
    );
    const id = created.json().id as string;
    const response = await updatePassenger(
      owner.token,
      id,
      passengerBody(options, booking.code, { lastName: '', birthDate: '2020-01-01' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'lastName',
      message: 'Please Complete All Fields',
    });
    const tooYoung = await updatePassenger(
      owner.token,
      id,
      passengerBody(options, booking.code, { birthDate: '2020-01-01' }),
    );
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().field).toBe('birthDate');
    expect((await getClient(owner.token, id)).json()).toMatchObject({
      lastname: 'Mamani',
      birthdateStr: '1994-08-21',
    });
  });
});

describe("another customer's passengers are a 404", () => {
  it('on create, get and update', async () => {
    const { code, adultSlot, studentSlot } = await freshBooking();
    const created = await createPassenger(owner.token, adultSlot.id, passengerBody(options, code));
    const id = created.json().id as string;
    const before = await clientCount();

    const foreignCreate = await createPassenger(
      stranger.token,
      studentSlot.id,
      passengerBody(options, code, { dateExpirationCard: addYears(todayInLima(), 1) }),
    );
    expect(foreignCreate.statusCode).toBe(404);
    expect(await clientCount()).toBe(before);

    const foreignRead = await getClient(stranger.token, id);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.body).not.toContain('Mamani');

    const foreignUpdate = await updatePassenger(
      stranger.token,
      id,
      passengerBody(options, code, { firstName: 'Hacked' }),
    );
    expect(foreignUpdate.statusCode).toBe(404);
    expect((await getClient(owner.token, id)).json().firstname).toBe('Lucía');

    // Nor through a booking of their own.
    const theirs = await bookWithSlots(ctx.app, stranger.token);
    const viaOwnBooking = await updatePassenger(
      stranger.token,
      id,
      passengerBody(options, theirs.code, { firstName: 'Hacked' }),
    );
    expect(viaOwnBooking.statusCode).toBe(404);
    expect((await getClient(owner.token, id)).json().firstname).toBe('Lucía');
  });

  it('for a client that fills no slot at all', async () => {
    const [orphan] = await ctx.database.db
      .insert(clients)
      .values({ firstName: 'Nadie', lastName: 'Sinreserva' })
      .returning({ id: clients.id });
    expect((await getClient(owner.token, orphan?.id ?? '')).statusCode).toBe(404);
  });
});
