import { addYears, CustomerTypeId, todayInLima, translate } from '@cusco/shared';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import {
  bookWithSlots,
  detailOf,
  loadPassengerOptions,
  type PassengerOptions,
  passengerBody,
} from './support/passengers.ts';

/**
 * Spec §9's ages, on the booking's travel date, for the slot a passenger fills (the security
 * issue, item 5): a booking for 1 adult and 5 babies is priced at the 6-person tier, so its
 * baby slots must not take adults.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let options: PassengerOptions;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signUpAndIn(ctx.app);
  options = await loadPassengerOptions(ctx.app, owner.token);
});
afterAll(() => ctx?.close());

const text = (key: Parameters<typeof translate>[0]) => translate(key, 'en');
const dayAfter = (date: string) => dayjs(date).add(1, 'day').format('YYYY-MM-DD');

function create(slotId: string, code: string, birthDate: string, extra: object = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/client/${slotId}/create`,
    headers: bearer(owner.token),
    payload: passengerBody(options, code, { birthDate, ...extra }),
  });
}

describe('a birth date must fit the slot type on the travel date', () => {
  it('refuses an adult in the baby slots of "1 adult + 5 babies"', async () => {
    const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', {
      adults: 1,
      babies: 5,
    });
    const travel = detail.booking.tripDate;
    const babies = detail.passangerRegistry.filter((slot) => slot.typeId === CustomerTypeId.baby);
    expect(babies).toHaveLength(5);
    for (const slot of babies) {
      const adult = await create(slot.id, code, addYears(travel, -30));
      expect(adult.statusCode).toBe(400);
      expect(adult.json()).toMatchObject({ field: 'birthDate', message: text('babyAgeRange') });
    }
    const baby = await create(babies[0]?.id ?? '', code, addYears(travel, -1));
    expect(baby.statusCode, baby.body).toBe(201);
  });

  const cases = [
    // [type, youngest accepted (years before travel), oldest accepted, message]
    ['student', CustomerTypeId.student, 8, 25, 'studentAgeRange'],
    ['child', CustomerTypeId.child, 3, 7, 'childAgeRange'],
    ['baby', CustomerTypeId.baby, 0, 2, 'babyAgeRange'],
  ] as const;

  it.each(cases)('holds a %s to its ages, at both ends', async (_name, typeId, min, max, key) => {
    const counts = { adults: 1, students: 2, children: 2, babies: 2 };
    const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', counts);
    const travel = detail.booking.tripDate;
    const [first, second] = detail.passangerRegistry.filter((slot) => slot.typeId === typeId);
    const extra =
      typeId === CustomerTypeId.student ? { dateExpirationCard: addYears(travel, 1) } : {};
    // One day too young, one day too old: refused with the type's rule (a baby cannot be born
    // after the travel date, which is after today: that is an invalid date).
    const today = todayInLima();
    const youngest = addYears(travel, -min);
    const oldest = dayAfter(addYears(travel, -(max + 1)));
    for (const birthDate of [dayAfter(youngest), addYears(travel, -(max + 1))]) {
      const refused = await create(first?.id ?? '', code, birthDate, extra);
      expect(refused.statusCode, `${birthDate}: ${refused.body}`).toBe(400);
      expect(refused.json()).toMatchObject({
        field: 'birthDate',
        message: text(birthDate > today ? 'invalidDate' : key),
      });
    }
    // Exactly the youngest and exactly the oldest: accepted (a birth date is never after today).
    const [young = today] = [youngest, today].sort();
    expect((await create(first?.id ?? '', code, young, extra)).statusCode).toBe(201);
    expect((await create(second?.id ?? '', code, oldest, extra)).statusCode).toBe(201);
  });

  it('refuses a birth date after today, whatever the slot', async () => {
    const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', {
      adults: 1,
      babies: 1,
    });
    const baby = detail.passangerRegistry.find((slot) => slot.typeId === CustomerTypeId.baby);
    const tomorrow = dayAfter(todayInLima());
    const response = await create(baby?.id ?? '', code, tomorrow);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('birthDate');
  });

  it('answers in Spanish, naming the type', async () => {
    const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', {
      adults: 1,
      children: 1,
    });
    const child = detail.passangerRegistry.find((slot) => slot.typeId === CustomerTypeId.child);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${child?.id}/create`,
      headers: { ...bearer(owner.token), 'accept-language': 'es' },
      payload: passengerBody(options, code, { birthDate: '1990-01-01' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(translate('childAgeRange', 'es'));
  });

  it('checks a passenger travelling on two bookings against both slots when updated', async () => {
    // A customer of 23 travels as a student next year and the year after (one passenger record).
    const today = todayInLima();
    const customer = await signUpAndIn(ctx.app, { birthdate: addYears(today, -23) });
    const tour = await loadTour(ctx.app, '100401');
    const codes: string[] = [];
    for (const years of [1, 2]) {
      const saved = await postBooking(ctx.app, customer.token, {
        ...bookingFor(tour, { adults: 0, students: 1, date: addYears(today, years) }),
        isPassager: true,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      codes.push(saved.json().code);
    }
    const detail = await detailOf(ctx.app, customer.token, codes[0] ?? '');
    const clientId = detail.passangerRegistry[0]?.clientId ?? '';
    expect(clientId).not.toBe('');
    // Born 24 years ago: 25 on the first trip (a student), 26 on the second (not any more).
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/client/${clientId}/update`,
      headers: bearer(customer.token),
      payload: passengerBody(options, codes[0] ?? '', {
        birthDate: addYears(today, -24),
        dateExpirationCard: addYears(today, 3),
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'birthDate', message: text('studentAgeRange') });
  });
});

describe.runIf(isPostgres)(
  'a passenger update racing a booking that seats them (PostgreSQL)',
  () => {
    it('never leaves a child in an adult slot', async () => {
      const today = todayInLima();
      const tour = await loadTour(ctx.app, '100401');
      for (let round = 0; round < 8; round++) {
        // A customer of 19 travels as a student; their own record is then in that slot.
        const customer = await signUpAndIn(ctx.app, { birthdate: addYears(today, -19) });
        const first = await postBooking(ctx.app, customer.token, {
          ...bookingFor(tour, { adults: 0, students: 1 }),
          isPassager: true,
        });
        expect(first.statusCode, first.body).toBe(201);
        const code = first.json().code as string;
        const own = (await detailOf(ctx.app, customer.token, code)).passangerRegistry[0]?.clientId;
        // At once: a booking of one adult that seats them, and their record made 11 years old.
        const [seated, updated] = await Promise.all([
          postBooking(ctx.app, customer.token, {
            ...bookingFor(tour, { adults: 1 }),
            isPassager: true,
          }),
          ctx.app.inject({
            method: 'PUT',
            url: `/api/client/${own}/update`,
            headers: bearer(customer.token),
            payload: passengerBody(options, code, {
              birthDate: addYears(today, -11),
              dateExpirationCard: addYears(today, 2),
            }),
          }),
        ]);
        const rows = await ctx.database.db.execute(sql`
        select c.birth_date::text as birth, s.customer_type_id as type
        from passenger_slots s join clients c on c.id = s.client_id
        where s.client_id = ${own}`);
        for (const row of (rows as unknown as { rows: { birth: string; type: string }[] }).rows) {
          if (row.type === CustomerTypeId.adult)
            expect(row.birth, `round ${round}`).toBe(addYears(today, -19));
        }
        // One of the two may be refused; never both accepted with a child in the adult slot.
        expect([seated.statusCode, updated.statusCode]).not.toEqual([201, 200]);
      }
    });
  },
);

describe('"Are you a passenger?" seats the customer in a slot that fits their age', () => {
  it('takes the adult slot, or refuses a booking of students only for a customer over 25', async () => {
    const customer = await signUpAndIn(ctx.app, { birthdate: '1980-03-10' });
    const tour = await loadTour(ctx.app, '100401');
    const adults = await postBooking(ctx.app, customer.token, {
      ...bookingFor(tour, { adults: 1, children: 1 }),
      isPassager: true,
    });
    expect(adults.statusCode, adults.body).toBe(201);
    const detail = await detailOf(ctx.app, customer.token, adults.json().code);
    const seated = detail.passangerRegistry.find((slot) => slot.clientId);
    expect(seated?.typeId).toBe(CustomerTypeId.adult);

    const students = await postBooking(ctx.app, customer.token, {
      ...bookingFor(tour, { adults: 0, students: 2 }),
      isPassager: true,
    });
    expect(students.statusCode).toBe(422);
    expect(students.json()).toMatchObject({
      field: 'isPassager',
      message: text('studentAgeRange'),
    });
  });
});
