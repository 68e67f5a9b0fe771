import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailMessages, outbox } from '../src/db/schema.ts';
import { longDate } from '../src/modules/mail/texts.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { TRAIL, trailDate } from './support/purchases.ts';

/**
 * The passenger-data reminder on a tour whose items are bought per person (issue 29): it counts
 * its 21 days back from the earliest buy-by date (the Inca Trail's permit: 60 days before
 * travel), not from the travel date, and says that date; a booking made after it is reminded at
 * once and told the date has passed. Tours without items keep the 21 days before travel
 * (mail-reminders.test.ts).
 */
let ctx: TestContext;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUpAndIn(ctx.app, { name: 'Lucía' });
});
afterAll(() => ctx?.close());

const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');
const scan = (today: string) => ctx.app.mail.scanReminders({ today });

async function bookTrailOn(date: string, language: 'en' | 'es' = 'en') {
  const tour = await loadTour(ctx.app, TRAIL);
  const response = await postBooking(
    ctx.app,
    customer.token,
    bookingFor(tour, { adults: 2, date }),
    {
      'accept-language': language,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  const code = response.json().code as string;
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.code, code));
  return { code, id: row?.id ?? '' };
}

const reminders = (bookingId: string) =>
  ctx.database.db
    .select({ status: outbox.status })
    .from(outbox)
    .where(and(eq(outbox.kind, 'passenger_data_reminder'), eq(outbox.subjectId, bookingId)));

async function sentText(bookingId: string) {
  const [kept] = await ctx.database.db
    .select({ text: mailMessages.text })
    .from(mailMessages)
    .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
    .where(and(eq(outbox.kind, 'passenger_data_reminder'), eq(outbox.subjectId, bookingId)));
  return kept?.text ?? '';
}

describe('the passenger-data reminder on the Inca Trail', () => {
  it('goes 21 days before the permit’s buy-by date, once, and says that date', async () => {
    const travel = trailDate(150);
    const buyBy = addDays(travel, -60);
    const booking = await bookTrailOn(travel);
    await scan(addDays(buyBy, -22));
    expect(await reminders(booking.id)).toHaveLength(0);
    await scan(addDays(buyBy, -21));
    await scan(addDays(buyBy, -20));
    expect(await reminders(booking.id)).toHaveLength(1);

    await ctx.app.mail.sendDue({ today: addDays(buyBy, -21) });
    const text = await sentText(booking.id);
    expect(text).toContain(
      `We buy their permits and tickets in each passenger’s name by ${longDate(buyBy, 'en')}`,
    );
    expect(text).toContain('- Passenger 1 (Adult): 0% complete');
  });

  it('says the date in Spanish to a Spanish booking', async () => {
    const travel = trailDate(160);
    const buyBy = addDays(travel, -60);
    const booking = await bookTrailOn(travel, 'es');
    await scan(addDays(buyBy, -21));
    await ctx.app.mail.sendDue({ today: addDays(buyBy, -21) });
    expect(await sentText(booking.id)).toContain(
      `Compramos sus permisos y boletos a nombre de cada pasajero hasta el ${longDate(buyBy, 'es')}`,
    );
  });

  it('reminds a booking made after the buy-by date at once, and says the date has passed', async () => {
    const travel = trailDate(40);
    const buyBy = addDays(travel, -60);
    expect(buyBy < todayInLima()).toBe(true);
    const booking = await bookTrailOn(travel);
    const tomorrow = addDays(todayInLima(), 1);
    await scan(tomorrow);
    expect(await reminders(booking.id)).toHaveLength(1);
    await ctx.app.mail.sendDue({ today: tomorrow });
    expect(await sentText(booking.id)).toContain(
      `Their permits and tickets were due to be bought by ${longDate(buyBy, 'en')}`,
    );
  });
});
