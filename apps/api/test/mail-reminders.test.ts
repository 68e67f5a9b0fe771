import { todayInLima } from '@cusco/shared';
import dayjs from 'dayjs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailMessages, outbox } from '../src/db/schema.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';
import { turnBack } from './support/clock.ts';
import { event, notify } from './support/payments.ts';

/**
 * The daily reminder scan (issue 15): balance reminders 30, 14 and 7 days before travel while a
 * balance is due, never two a day, stopping once paid; the passenger-data reminder 21 days
 * before while a passenger is incomplete. The scan runs with a chosen "today", as the job would
 * run on those days.
 */
let ctx: TestContext;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUpAndIn(ctx.app, { name: 'Lucía' });
});
afterAll(() => ctx?.close());

/** A booking (Salkantay: no closed dates) travelling on `date`, its deposit only due online. */
async function bookFor(date: string, mode: 'T' | 'P' = 'T') {
  const tour = await loadTour(ctx.app, '200501');
  const body = bookingFor(tour, { adults: 2, date, mode });
  const response = await postBooking(ctx.app, customer.token, body);
  expect(response.statusCode, response.body).toBe(201);
  const saved = response.json() as { code: string; transactionId: string };
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.code, saved.code));
  return { ...saved, id: row?.id ?? '', amountCents: Number(body.amountStr) };
}

async function reminders(bookingId: string, kind = 'balance_reminder') {
  return ctx.database.db
    .select({ reason: outbox.reason, status: outbox.status, createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.subjectId, bookingId)))
    .orderBy(asc(outbox.createdAt));
}

const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

const scan = (today: string) => ctx.app.mail.scanReminders({ today });

describe('balance reminders', () => {
  it('reminds 30, 14 and 7 days before travel, once each, whatever the number of scans', async () => {
    const travel = addDays(todayInLima(), 60);
    const booking = await bookFor(travel);

    // Further than 30 days: nothing yet.
    await scan(addDays(travel, -31));
    expect(await reminders(booking.id)).toHaveLength(0);

    await scan(addDays(travel, -30));
    await scan(addDays(travel, -30));
    await scan(addDays(travel, -29));
    expect((await reminders(booking.id)).map((row) => row.reason)).toEqual(['30']);

    await scan(addDays(travel, -14));
    // The same day again: not a second one, even of another window.
    await scan(addDays(travel, -14));
    await scan(addDays(travel, -7));
    await scan(addDays(travel, -3));
    expect((await reminders(booking.id)).map((row) => row.reason)).toEqual(['30', '14', '7']);
  });

  it('stops once the balance is paid, and does not send one paid before it went out', async () => {
    const travel = addDays(todayInLima(), 50);
    const booking = await bookFor(travel);
    await scan(addDays(travel, -30));
    expect(await reminders(booking.id)).toHaveLength(1);

    // Paid before the worker sent the reminder: it is skipped, not sent.
    const paid = await notify(ctx.app, event(booking.transactionId, booking.amountCents));
    expect(paid.statusCode, paid.body).toBe(200);
    await ctx.app.mail.sendDue({ today: addDays(travel, -30) });
    expect((await reminders(booking.id))[0]?.status).toBe('skipped');

    await scan(addDays(travel, -14));
    await scan(addDays(travel, -7));
    expect(await reminders(booking.id)).toHaveLength(1);
  });

  it('says how much is due and how many days are left, with the Pay link', async () => {
    const travel = addDays(todayInLima(), 40);
    const booking = await bookFor(travel, 'P');
    await scan(addDays(travel, -14));
    await ctx.app.mail.sendDue({ today: addDays(travel, -14) });
    const [kept] = await ctx.database.db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'balance_reminder'), eq(outbox.subjectId, booking.id)));
    expect(kept?.subject).toMatch(/^14 days to Salkantay .*: \$[\d,.]+ still due$/);
    expect(kept?.text).toContain(
      `Pay the balance: http://localhost:3000/#/main/booking/detail/${booking.code}`,
    );
  });

  it('leaves a booking alone the day it is saved: its confirmation has the Pay link', async () => {
    const travel = addDays(todayInLima(), 20);
    const booking = await bookFor(travel);
    await scan(todayInLima());
    expect(await reminders(booking.id)).toHaveLength(0);
    await scan(addDays(todayInLima(), 1));
    expect(await reminders(booking.id)).toHaveLength(1);
  });

  it('leaves corporate bookings alone: they are on credit', async () => {
    const corporate = await signIn(
      ctx.app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    const tour = await loadTour(ctx.app, '200501');
    const travel = addDays(todayInLima(), 70);
    const response = await postBooking(ctx.app, corporate.token, {
      ...bookingFor(tour, { adults: 2, date: travel }),
      corporate: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.code, response.json().code));
    await scan(addDays(travel, -30));
    await scan(addDays(travel, -7));
    expect(await reminders(row?.id ?? '')).toHaveLength(0);
  });
});

describe('bookings no reminder goes to', () => {
  it('leaves alone an unpaid booking whose hold ended: its seats went back, nothing is chased', async () => {
    const travel = addDays(todayInLima(), 33);
    const lapsed = await bookFor(travel);
    const held = await bookFor(travel);
    // An hour on, the unpaid hold of the first has ended (ADR 0035); the second is paid in part.
    await turnBack(ctx.database.db, lapsed.code, 60);
    await turnBack(ctx.database.db, held.code, 60);
    const paid = await notify(ctx.app, event(held.transactionId, held.amountCents));
    expect(paid.statusCode, paid.body).toBe(200);
    await scan(addDays(travel, -30));
    await scan(addDays(travel, -21));
    expect(await reminders(lapsed.id)).toHaveLength(0);
    expect(await reminders(lapsed.id, 'passenger_data_reminder')).toHaveLength(0);
    // The one that holds its seats (paid in full here: no balance) is still asked for its data.
    expect(await reminders(held.id, 'passenger_data_reminder')).toHaveLength(1);
  });
});

describe('the passenger-data reminder', () => {
  it('goes 21 days before travel while a passenger is incomplete, once, listing the slots', async () => {
    const travel = addDays(todayInLima(), 45);
    const booking = await bookFor(travel);
    await scan(addDays(travel, -22));
    expect(await reminders(booking.id, 'passenger_data_reminder')).toHaveLength(0);
    await scan(addDays(travel, -21));
    await scan(addDays(travel, -20));
    expect(await reminders(booking.id, 'passenger_data_reminder')).toHaveLength(1);

    await ctx.app.mail.sendDue({ today: addDays(travel, -21) });
    const [kept] = await ctx.database.db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .innerJoin(outbox, eq(outbox.id, mailMessages.outboxId))
      .where(and(eq(outbox.kind, 'passenger_data_reminder'), eq(outbox.subjectId, booking.id)));
    expect(kept?.subject).toBe(`Complete your passengers' data: booking ${booking.code}`);
    expect(kept?.text).toContain('in 21 days');
    expect(kept?.text).toContain('- Passenger 1 (Adult): 0% complete');
    expect(kept?.text).toContain('- Passenger 2 (Adult): 0% complete');
  });
});
