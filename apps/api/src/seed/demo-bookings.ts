import {
  type BookingSelection,
  bookingRequest,
  CustomerTypeId,
  firstOpenDate,
  IncidentTypeId,
  type PaymentMode,
  quoteBooking,
  requestFromQuote,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, exchangeRates, paymentAttempts, sandboxCharges, users } from '../db/schema.ts';
import { sandboxGateway } from '../gateways/sandbox/gateway.ts';
import { loadTourPricing } from '../modules/bookings/catalogue.ts';
import { saveBooking } from '../modules/bookings/save.ts';
import { answerIncident } from '../modules/incidents/agency.ts';
import { saveIncident } from '../modules/incidents/save.ts';
import { settleAttempt } from '../modules/payments/settle.ts';
import type { AuthenticatedUser } from '../modules/users/sessions.ts';
import { usersWithCompany } from '../modules/users/users.ts';
import { tourId } from './catalogue.ts';
import { demoAccounts } from './demo-accounts.ts';

export async function demoUser(db: Database, email: string): Promise<AuthenticatedUser | null> {
  const [row] = await usersWithCompany(db).where(eq(users.email, email));
  return row ? { ...row, sessionId: '' } : null;
}

/** Books through the same domain function as the API, so the demo data obeys every rule. */
export async function book(
  db: Database,
  user: AuthenticatedUser,
  tourCode: string,
  options: {
    daysAhead: number;
    passengers: { customerTypeId: string; quantity: number }[];
    hotels?: { hotel: number; room: number; rooms: number }[];
    services?: { offer: number; quantity: number }[];
    mode: PaymentMode;
    isPassager: boolean;
  },
) {
  const pricing = await loadTourPricing(db, tourId(tourCode));
  if (!pricing) throw new Error(`demo tour ${tourCode} is missing`);
  const hotelTypes = [...new Set(pricing.catalog.hotelPrices.map((price) => price.hotelTypeId))];
  const roomTypes = [...new Set(pricing.catalog.hotelPrices.map((price) => price.roomTypeId))];
  const selection: BookingSelection = {
    categoryId: pricing.categories[0]?.id ?? '',
    typeId: pricing.types.find((type) => type.nameEn === 'Group')?.id ?? '',
    passengers: options.passengers,
    hotels: (options.hotels ?? []).map((line) => ({
      hotelTypeId: hotelTypes[line.hotel] ?? '',
      roomTypeId: roomTypes[line.room] ?? '',
      rooms: line.rooms,
    })),
    services: (options.services ?? []).map((line) => ({
      offerId: pricing.catalog.services[line.offer]?.offerId ?? '',
      quantity: line.quantity,
    })),
  };
  const result = quoteBooking(pricing.catalog, selection);
  if (!result.ok) throw new Error(`demo booking of ${tourCode}: ${result.error.code}`);
  const body = bookingRequest.parse(
    requestFromQuote({
      tourId: pricing.tour.id,
      // The first date the tour runs from that many days on (the trail closes in February).
      date: firstOpenDate(
        dayjs(todayInLima()).add(options.daysAhead, 'day').format('YYYY-MM-DD'),
        todayInLima(),
        pricing.availability,
      ) as string,
      selection,
      quote: result.quote,
      mode: options.mode,
      isPassager: options.isPassager,
    }),
  );
  const answer = await saveBooking(db, {
    user,
    body: { ...body, corporate: Boolean(user.corporateClientId) },
    idempotencyKey: undefined,
    language: 'en',
    payments: { gateway: sandboxGateway(), ttlMinutes: 30 },
  });
  return answer.body;
}

/**
 * Demo reservations, so that a newcomer signing in sees the portal at work: the customer's Inca
 * Trail with its deposit paid and an answered request; the reseller's package on credit.
 */
export async function seedDemoBookings(db: Database) {
  const customer = await demoUser(db, demoAccounts.customer.email);
  const reseller = await demoUser(db, demoAccounts.corporate.email);
  if (!customer || !reseller) return;
  const [existing] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(eq(bookings.userId, customer.userId));
  if ((existing?.n ?? 0) > 0) return;
  // A dollar's rate in soles, so that the demo's receipts (in USD) issue (issue 30): the rate of a
  // day counts for the days after it until staff enter another.
  await db
    .insert(exchangeRates)
    .values({ day: '2025-01-01', currency: 'USD', rate: '3.750' })
    .onConflictDoNothing();

  const trail = await book(db, customer, '100401', {
    daysAhead: 75,
    passengers: [
      { customerTypeId: CustomerTypeId.adult, quantity: 2 },
      { customerTypeId: CustomerTypeId.student, quantity: 1 },
    ],
    services: [{ offer: 0, quantity: 2 }],
    mode: 'P',
    isPassager: true,
  });
  // The deposit, paid in the sandbox as a customer would.
  if (trail.transactionId) {
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, trail.transactionId));
    await db
      .update(sandboxCharges)
      .set({ status: 'approved', cardLast4: '1111' })
      .where(eq(sandboxCharges.transactionId, trail.transactionId));
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, trail.transactionId));
    await settleAttempt(db, {
      attemptId: trail.transactionId,
      outcome: 'approved',
      amountCents: attempt?.amountCents ?? 0,
      currency: 'USD',
      reference: charge?.reference ?? null,
      source: 'notification',
      gateway: 'sandbox',
      payload: { demo: true },
    });
  }
  const request = await saveIncident(db, {
    user: customer,
    body: {
      bookingId: trail.code,
      typeId: IncidentTypeId.freeSubject,
      name: 'Vegetarian meals for the whole group',
      description: 'All three of us are vegetarian. Could the cook plan the menu for it?',
      statusId: null,
      targetId: null,
    },
    language: 'en',
  });
  await answerIncident(db, request.id, {
    observation: 'Menu passed on to the trek cook.',
    response: 'Of course: the cook will prepare vegetarian meals for the whole trek. ¡Buen viaje!',
  });

  await book(db, reseller, '300401', {
    daysAhead: 90,
    passengers: [{ customerTypeId: CustomerTypeId.adult, quantity: 4 }],
    hotels: [{ hotel: 0, room: 1, rooms: 2 }],
    mode: 'T',
    isPassager: false,
  });
}
