import { randomUUID } from 'node:crypto';
import {
  bookingRequest,
  CustomerTypeId,
  type Language,
  type OctoBookingsQuery,
  type OctoCancellationRequest,
  type OctoConfirmationRequest,
  type OctoContactInput,
  type OctoExtendRequest,
  type OctoReservationRequest,
  type OctoUnitItemInput,
  type OctoUpdateRequest,
  octoCancellable,
  octoHoldMinutes,
  octoNetCents,
  octoOptionId,
  octoUnit,
  parseOctoAvailabilityId,
  parseOctoOptionId,
  quoteBooking,
  requestFromQuote,
  splitFullName,
  todayInLima,
} from '@cusco/shared';
import { and, asc, between, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  bookingPassengerLines,
  bookings,
  clients,
  countries,
  ledgerEntries,
  passengerSlots,
  tours,
  users,
} from '../../db/schema.ts';
import type { PaymentGateway } from '../../gateways/gateway.ts';
import { checkAndPrice, saveBookingIn } from '../bookings/save.ts';
import { insertBookingContents } from '../bookings/write.ts';
import { makeBookingChange } from '../changes/service.ts';
import { holdSeats } from '../departures/seats.ts';
import { cancelBooking, recordConfirmation } from '../lifecycle/transitions.ts';
import { bookingConfirmation, enqueueMail } from '../outbox/outbox.ts';
import { usersWithCompany } from '../users/users.ts';
import { octoBookingAnswers, octoBookingColumns, readOctoBookings } from './answer.ts';
import { type OctoTour, type OctoView, optionOf, optionsOf, tourOf } from './catalogue.ts';
import {
  badRequest,
  invalidAvailability,
  invalidBooking,
  invalidUnit,
  OctoError,
  unprocessable,
} from './errors.ts';
import type { Reseller } from './reseller.ts';
import type { Booking } from './types.ts';

/**
 * OCTO's bookings (issue 31, ADR 0050) on the site's own booking functions: a hold is a booking
 * saved by `saveBookingIn` (the same checks, prices, seats and permits), on credit for the
 * reseller's company, holding its seats only until the reseller confirms it; a cancellation is
 * the changes module's, under the tour's corporate policy. No second inventory.
 */

export interface OctoCaller {
  db: Database;
  reseller: Reseller;
  view: OctoView;
  load: (code: string) => Promise<OctoTour | null>;
  gateway: PaymentGateway;
  attemptTtlMinutes: number;
  testMode: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's OCTO booking of this uuid: its row condition (never another company's). */
function ownBooking(reseller: Reseller, uuid: string): SQL {
  if (!UUID.test(uuid)) throw invalidBooking(uuid);
  return and(
    eq(bookings.corporateClientId, reseller.corporateClientId),
    eq(bookings.octoUuid, uuid.toLowerCase()),
  ) as SQL;
}

async function answer(caller: OctoCaller, where: SQL): Promise<Booking> {
  const rows = await readOctoBookings(caller.db, where);
  const [booking] = await octoBookingAnswers(
    caller.db,
    rows,
    caller.load,
    caller.view,
    caller.testMode,
  );
  if (!booking) throw new Error('the OCTO booking was not read back');
  return booking;
}

/** The booking locked for a change by the reseller; INVALID_BOOKING_UUID when it is not theirs. */
async function lockOwn(tx: Transaction, reseller: Reseller, uuid: string) {
  const [row] = await tx
    .select({ ...octoBookingColumns, userId: bookings.userId })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .where(ownBooking(reseller, uuid))
    .for('update', { of: bookings });
  if (!row) throw invalidBooking(uuid);
  return row;
}

/** What a contact keeps: the fields OCTO names, as sent (empty ones left out). */
function storedContact(
  contact: OctoContactInput | undefined | null,
): Record<string, unknown> | null {
  if (!contact) return null;
  const entries = Object.entries(contact).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** The units of a request, each checked against the option; UNPROCESSABLE without any. */
function unitsOf(tour: OctoTour, optionId: string, items: OctoUnitItemInput[] | undefined) {
  const option = optionOf(tour, optionId);
  if (!items || items.length === 0) {
    throw unprocessable('unitItems must name at least one unit');
  }
  const units = items.map((item) => {
    const rule = octoUnit(item.unitId);
    if (!rule || !option.units.some((candidate) => candidate.id === rule.id)) {
      throw invalidUnit(item.unitId);
    }
    return { ...item, rule };
  });
  const uuids = units.flatMap((unit) => (unit.uuid ? [unit.uuid.toLowerCase()] : []));
  if (new Set(uuids).size !== uuids.length) throw badRequest('unitItems uuids must be unique');
  return { option, units };
}

/** The booking request of an OCTO selection, priced by the site's rules (as the booking page sends it). */
function bookingBodyOf(
  tour: OctoTour,
  option: { typeId: string; categoryId: string },
  date: string,
  units: ReturnType<typeof unitsOf>['units'],
  language: Language,
) {
  const count = (customerTypeId: string) =>
    units.filter((unit) => unit.rule.customerTypeId === customerTypeId).length;
  const selection = {
    categoryId: option.categoryId,
    typeId: option.typeId,
    passengers: Object.values(CustomerTypeId).map((customerTypeId) => ({
      customerTypeId,
      quantity: count(customerTypeId),
    })),
    hotels: [],
    services: [],
  };
  const priced = quoteBooking(tour.pricing.catalog, selection);
  if (!priced.ok) {
    throw unprocessable(
      language === 'es'
        ? 'No hay precio para estas unidades en esta opción'
        : 'There is no price for these units on this option',
    );
  }
  const request = requestFromQuote({
    tourId: tour.pricing.tour.id,
    date,
    selection,
    quote: priced.quote,
    mode: 'T',
    isPassager: false,
  });
  // The site's booking names its travel date twice (spec §3: startDate and endDate alike).
  const parsed = bookingRequest.safeParse(request);
  if (!parsed.success)
    throw unprocessable(
      `The units cannot be booked together: ${JSON.stringify(parsed.error.issues.map((i) => [i.path, i.message]))}`,
    );
  return parsed.data;
}

/** The day an availability id names; INVALID_AVAILABILITY_ID otherwise. */
export function availabilityDate(availabilityId: string): string {
  const date = parseOctoAvailabilityId(availabilityId);
  if (!date) throw invalidAvailability(availabilityId);
  return date;
}

/** The reseller's user, as a booking's customer. */
async function customerOf(tx: Transaction, reseller: Reseller) {
  const [user] = await usersWithCompany(tx).where(eq(users.id, reseller.userId));
  if (!user) throw new OctoError('FORBIDDEN', 'The key’s user no longer belongs to the company');
  return user;
}

/**
 * Gives the unit items' uuids, references and contacts to the booking's places (by unit, in
 * order), and makes a passenger record of each traveller whose first and last names are known;
 * what the permits need besides (passport, birth date…) stays to fill in the portal.
 */
async function placeUnitItems(
  tx: Transaction,
  bookingId: string,
  units: ReturnType<typeof unitsOf>['units'],
) {
  const slots = await tx
    .select({
      id: passengerSlots.id,
      customerTypeId: passengerSlots.customerTypeId,
      clientId: passengerSlots.clientId,
    })
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, bookingId))
    .orderBy(asc(passengerSlots.position));
  const free = [...slots];
  for (const unit of units) {
    const index = free.findIndex((slot) => slot.customerTypeId === unit.rule.customerTypeId);
    const slot = free.splice(index, 1)[0];
    if (!slot) throw new Error('a unit item without its place');
    const contact = storedContact(unit.contact);
    await tx
      .update(passengerSlots)
      .set({
        octoUuid: unit.uuid?.toLowerCase() ?? randomUUID(),
        resellerReference: unit.resellerReference || null,
        octoContact: contact,
      })
      .where(eq(passengerSlots.id, slot.id));
  }
}

/** Passenger records of the travellers whose names the reseller gave (at confirmation). */
async function recordTravellers(tx: Transaction, bookingId: string) {
  const slots = await tx
    .select({ id: passengerSlots.id, contact: passengerSlots.octoContact })
    .from(passengerSlots)
    .where(and(eq(passengerSlots.bookingId, bookingId), sql`${passengerSlots.clientId} is null`));
  for (const slot of slots) {
    const contact = (slot.contact ?? {}) as Record<string, string | undefined>;
    const split = contact.fullName
      ? splitFullName(contact.fullName)
      : { firstName: '', lastName: '' };
    const firstName = (contact.firstName || split.firstName).trim();
    const lastName = (contact.lastName || split.lastName).trim();
    if (!firstName || !lastName || firstName.length > 50 || lastName.length > 50) continue;
    const country = contact.country?.toUpperCase();
    const [known] = country
      ? await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, country))
      : [];
    const [client] = await tx
      .insert(clients)
      .values({
        firstName,
        lastName,
        email:
          contact.emailAddress && contact.emailAddress.length <= 50 ? contact.emailAddress : null,
        mobile:
          contact.phoneNumber && contact.phoneNumber.length <= 20 ? contact.phoneNumber : null,
        countryId: known?.id ?? null,
      })
      .returning({ id: clients.id });
    if (client) {
      await tx
        .update(passengerSlots)
        .set({ clientId: client.id })
        .where(eq(passengerSlots.id, slot.id));
    }
  }
}

/** The reseller's discount as a ledger line: the booking then owes its net price. */
async function recordNetDiscount(tx: Transaction, bookingId: string, previousNetCents = 0) {
  const [booking] = await tx
    .select({ bps: bookings.netDiscountBps })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const lines = await tx
    .select()
    .from(bookingPassengerLines)
    .where(eq(bookingPassengerLines.bookingId, bookingId));
  const discount = lines.reduce(
    (sum, line) =>
      sum + (line.unitCents - octoNetCents(line.unitCents, booking?.bps ?? 0)) * line.quantity,
    0,
  );
  const change = discount - previousNetCents;
  if (change === 0) return discount;
  await tx.insert(ledgerEntries).values({
    bookingId,
    kind: change > 0 ? 'discount' : 'addition',
    amountCents: Math.abs(change),
    description: 'reseller-net',
  });
  return discount;
}

/** POST /octo/bookings: holds the seats (once per reseller uuid). */
export async function reserve(caller: OctoCaller, body: OctoReservationRequest): Promise<Booking> {
  const { reseller } = caller;
  const uuid = (body.uuid ?? randomUUID()).toLowerCase();
  const existing = await readOctoBookings(caller.db, ownBooking(reseller, uuid));
  if (existing.length > 0) return answer(caller, ownBooking(reseller, uuid));
  const tour = await tourOf(caller.load, body.productId);
  const { option, units } = unitsOf(tour, body.optionId, body.unitItems);
  const date = availabilityDate(body.availabilityId);
  const request = bookingBodyOf(tour, option, date, units, caller.view.language);
  try {
    await caller.db.transaction(async (tx) => {
      const saved = await saveBookingIn(tx, {
        user: await customerOf(tx, reseller),
        body: request,
        language: 'en',
        bookingLanguage: caller.view.language,
        payments: { gateway: caller.gateway, ttlMinutes: caller.attemptTtlMinutes },
        pricing: tour.pricing,
        octo: {
          uuid,
          holdMinutes: octoHoldMinutes(body.expirationMinutes),
          resellerReference: body.resellerReference || null,
          contact: storedContact(body.contact),
          netDiscountBps: reseller.netDiscountBps,
        },
      });
      if (body.notes) {
        await tx.update(bookings).set({ observation: body.notes }).where(eq(bookings.id, saved.id));
      }
      await placeUnitItems(tx, saved.id, units);
      await recordNetDiscount(tx, saved.id);
    });
  } catch (error) {
    // The same uuid sent twice at once: the second finds the first's booking.
    if (!isUniqueViolation(error)) throw error;
  }
  return answer(caller, ownBooking(reseller, uuid));
}

/** Refuses a change to a booking that is not a live hold. */
function assertLiveHold(row: {
  octoHold: boolean;
  holdsSeats: boolean;
  cancelledBy: string | null;
}) {
  if (row.cancelledBy) throw unprocessable('The booking is cancelled');
  if (!row.octoHold) throw unprocessable('The booking is confirmed: only a hold can be changed so');
  if (!row.holdsSeats) throw unprocessable('The hold has expired: make a new booking');
}

/**
 * Books a hold again on another tour, option, date or units, in place (its uuid and references
 * stay): the site's checks and prices of a new booking, and the seats of the new departure (its
 * own not counted against it). A hold has no payment, no traveller and no receipt yet.
 */
async function rebookHold(
  caller: OctoCaller,
  tx: Transaction,
  row: Awaited<ReturnType<typeof lockOwn>>,
  target: { tour: OctoTour; optionId: string; date: string; items: OctoUnitItemInput[] },
) {
  const { option, units } = unitsOf(target.tour, target.optionId, target.items);
  const request = bookingBodyOf(target.tour, option, target.date, units, caller.view.language);
  const quote = checkAndPrice(target.tour.pricing, request, {
    language: 'en',
    today: todayInLima(),
    corporate: false,
  });
  await holdSeats(
    tx,
    {
      tourId: target.tour.pricing.tour.id,
      date: target.date,
      typeId: option.typeId,
      categoryId: option.categoryId,
      passengers: units.length,
      bookingId: row.id,
    },
    target.tour.pricing.availability,
  );
  const previousDiscount = await recordNetDiscountOf(tx, row.id);
  await tx.delete(passengerSlots).where(eq(passengerSlots.bookingId, row.id));
  await tx.delete(bookingPassengerLines).where(eq(bookingPassengerLines.bookingId, row.id));
  const [before] = await tx
    .select({ total: bookings.totalCents })
    .from(bookings)
    .where(eq(bookings.id, row.id));
  await tx
    .update(bookings)
    .set({
      tourId: target.tour.pricing.tour.id,
      typeId: option.typeId,
      categoryId: option.categoryId,
      travelDate: target.date,
      endDate: request.endDate,
      passengersCents: quote.passengersCents,
      hotelsCents: 0,
      servicesCents: 0,
      totalCents: quote.totalCents,
    })
    .where(eq(bookings.id, row.id));
  // The new lines and places; the purchase line is the new price's difference.
  await insertContentsWithoutPurchase(tx, row.id, quote, before?.total ?? 0);
  await placeUnitItems(tx, row.id, units);
  await recordNetDiscount(tx, row.id, previousDiscount);
}

/** The reseller discount the booking's ledger holds now. */
async function recordNetDiscountOf(tx: Transaction, bookingId: string) {
  const [row] = await tx
    .select({
      net: sql<number>`coalesce(sum(case when ${ledgerEntries.kind} = 'discount' then ${ledgerEntries.amountCents} else -${ledgerEntries.amountCents} end), 0)`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.description, 'reseller-net')),
    );
  return row?.net ?? 0;
}

/** `insertBookingContents`, its purchase then corrected to the new price (an addition or a discount). */
async function insertContentsWithoutPurchase(
  tx: Transaction,
  bookingId: string,
  quote: Parameters<typeof insertBookingContents>[2],
  previousTotal: number,
) {
  await insertBookingContents(tx, bookingId, quote);
  // insertBookingContents wrote a purchase of the whole new price: take back the old price.
  if (previousTotal > 0) {
    await tx.insert(ledgerEntries).values({
      bookingId,
      kind: 'discount',
      amountCents: previousTotal,
      description: 'octo-rebooked',
    });
  }
}

/** POST /octo/bookings/{uuid}/confirm. */
export async function confirm(
  caller: OctoCaller,
  uuid: string,
  body: OctoConfirmationRequest,
): Promise<Booking> {
  const where = ownBooking(caller.reseller, uuid);
  // The tour is read before the transaction (the catalogue cache reads the database itself).
  const tour = await tourOf(caller.load, (await current(caller, uuid)).tourCode);
  await caller.db.transaction(async (tx) => {
    const row = await lockOwn(tx, caller.reseller, uuid);
    if (!row.cancelledBy && !row.octoHold) return; // confirmed already: the same answer again
    assertLiveHold(row);
    if (row.tourCode !== tour.pricing.tour.code)
      throw unprocessable('The booking changed meanwhile');
    if (body.unitItems && body.unitItems.length > 0) {
      await rebookHold(caller, tx, row, {
        tour,
        optionId: octoOptionId(row.typeId, row.categoryId),
        date: row.travelDate,
        items: body.unitItems,
      });
    }
    await tx
      .update(bookings)
      .set({
        octoHold: false,
        octoUpdatedAt: sql`now()`,
        ...(body.resellerReference ? { resellerReference: body.resellerReference } : {}),
        ...(body.contact ? { octoContact: storedContact(body.contact) } : {}),
        ...(body.notes ? { observation: body.notes } : {}),
      })
      .where(eq(bookings.id, row.id));
    await recordConfirmation(tx, row.id);
    await recordTravellers(tx, row.id);
    await enqueueMail(tx, bookingConfirmation({ id: row.id, userId: row.userId, corporate: true }));
  });
  return answer(caller, where);
}

/** POST /octo/bookings/{uuid}/extend: a hold lasts longer (from now). */
export async function extend(
  caller: OctoCaller,
  uuid: string,
  body: OctoExtendRequest,
): Promise<Booking> {
  const where = ownBooking(caller.reseller, uuid);
  await caller.db.transaction(async (tx) => {
    const row = await lockOwn(tx, caller.reseller, uuid);
    assertLiveHold(row);
    const minutes = octoHoldMinutes(body.expirationMinutes);
    await tx
      .update(bookings)
      .set({
        holdUntil: sql`greatest(${bookings.holdUntil}, now() + make_interval(mins => ${minutes}))`,
        holdMinutes: minutes,
        octoUpdatedAt: sql`now()`,
      })
      .where(eq(bookings.id, row.id));
  });
  return answer(caller, where);
}

/**
 * PATCH /octo/bookings/{uuid}: references, contact and notes of any booking of theirs; the tour,
 * option, date and units of a hold (booked again in place).
 */
export async function update(
  caller: OctoCaller,
  uuid: string,
  body: OctoUpdateRequest,
): Promise<Booking> {
  const where = ownBooking(caller.reseller, uuid);
  // The tours are read before the transaction (the catalogue cache reads the database itself).
  const before = await current(caller, uuid);
  const target = await tourOf(caller.load, body.productId ?? before.tourCode);
  await caller.db.transaction(async (tx) => {
    const row = await lockOwn(tx, caller.reseller, uuid);
    if (row.cancelledBy) throw unprocessable('The booking is cancelled');
    const moves =
      body.productId !== undefined ||
      body.optionId !== undefined ||
      body.availabilityId !== undefined ||
      body.unitItems !== undefined;
    if (moves) {
      assertLiveHold(row);
      const tour = target;
      if (!body.productId && row.tourCode !== tour.pricing.tour.code) {
        throw unprocessable('The booking changed meanwhile');
      }
      // Another product without an option: its default option (the first it prices).
      const optionId =
        body.optionId ??
        (tour.pricing.tour.code === row.tourCode
          ? octoOptionId(row.typeId, row.categoryId)
          : defaultOptionId(tour));
      const items = body.unitItems ?? (await currentItems(tx, row.id));
      await rebookHold(caller, tx, row, {
        tour,
        optionId,
        date: body.availabilityId ? availabilityDate(body.availabilityId) : row.travelDate,
        items,
      });
    }
    if (body.expirationMinutes !== undefined) {
      assertLiveHold(row);
      await tx
        .update(bookings)
        .set({
          holdUntil: sql`now() + make_interval(mins => ${octoHoldMinutes(body.expirationMinutes)})`,
        })
        .where(eq(bookings.id, row.id));
    }
    await tx
      .update(bookings)
      .set({
        octoUpdatedAt: sql`now()`,
        ...(body.resellerReference ? { resellerReference: body.resellerReference } : {}),
        ...(body.contact ? { octoContact: storedContact(body.contact) } : {}),
        ...(body.notes !== undefined ? { observation: body.notes ?? '' } : {}),
      })
      .where(eq(bookings.id, row.id));
  });
  return answer(caller, where);
}

/** A hold's unit items as they stand (for a move that keeps them). */
async function currentItems(tx: Transaction, bookingId: string): Promise<OctoUnitItemInput[]> {
  const slots = await tx
    .select()
    .from(passengerSlots)
    .where(eq(passengerSlots.bookingId, bookingId))
    .orderBy(asc(passengerSlots.position));
  const kinds = Object.entries(CustomerTypeId);
  return slots.map((slot) => ({
    unitId: kinds.find(([, id]) => id === slot.customerTypeId)?.[0] ?? 'baby',
    ...(slot.octoUuid ? { uuid: slot.octoUuid } : {}),
    ...(slot.resellerReference ? { resellerReference: slot.resellerReference } : {}),
    ...(slot.octoContact ? { contact: slot.octoContact as OctoContactInput } : {}),
  }));
}

/**
 * POST /octo/bookings/{uuid}/cancel: a hold gives its seats back; a confirmed booking is cancelled
 * by the changes module under the tour's corporate policy (what it keeps is owed by the company),
 * until its cutoff (the window that keeps everything); after it, refused.
 */
export async function cancel(
  caller: OctoCaller,
  uuid: string,
  body: OctoCancellationRequest,
): Promise<Booking> {
  const where = ownBooking(caller.reseller, uuid);
  const [row] = await readOctoBookings(caller.db, where);
  if (!row) throw invalidBooking(uuid);
  if (row.cancelledBy) return answer(caller, where);
  const tour = await tourOf(caller.load, row.tourCode);
  // A hold is cancelled for free only if it is still one under its lock: a confirm that won the
  // race made it a confirmed booking, cancelled below under the policy (octo-attack.test).
  if (row.octoHold && (await cancelHold(caller, row.id, body.reason ?? ''))) {
    return answer(caller, where);
  }
  if (!octoCancellable(row.travelDate, todayInLima(), tour.cutoffDays)) {
    throw unprocessable(
      `The booking can no longer be cancelled through OCTO (${tour.cutoffDays} days before the departure): contact the agency`,
    );
  }
  await makeBookingChange(
    caller.db,
    {
      reader: {
        userId: caller.reseller.userId,
        corporateClientId: caller.reseller.corporateClientId,
      },
      actorUserId: caller.reseller.userId,
      language: caller.view.language,
      gateway: caller.gateway,
      reason: body.reason ?? '',
    },
    row.code,
    // A company on credit: what the policy releases comes off what it owes; money it paid goes
    // back to its credit with the agency.
    { kind: 'cancel', refundTo: 'credit' },
    undefined,
  );
  await caller.db
    .update(bookings)
    .set({ octoUpdatedAt: sql`now()` })
    .where(eq(bookings.id, row.id));
  return answer(caller, where);
}

/**
 * A hold cancelled by the reseller: it gives its seats back, and costs nothing (it was never
 * confirmed); an expired one is cancelled the same way. False, and nothing done, when it was
 * confirmed meanwhile (it is no longer a hold once locked).
 */
async function cancelHold(caller: OctoCaller, bookingId: string, reason: string): Promise<boolean> {
  return caller.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: bookings.id, cancelledBy: bookings.cancelledBy, octoHold: bookings.octoHold })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!locked || locked.cancelledBy) return true;
    if (!locked.octoHold) return false;
    await cancelBooking(tx, bookingId, 'customer', reason);
    const cost = await costOf(tx, bookingId);
    if (cost > 0) {
      await tx
        .insert(ledgerEntries)
        .values({ bookingId, kind: 'discount', amountCents: cost, description: 'cancellation' });
    }
    await tx.update(bookings).set({ octoUpdatedAt: sql`now()` }).where(eq(bookings.id, bookingId));
    return true;
  });
}

/** What a booking costs now: purchases and additions less discounts. */
async function costOf(tx: Transaction, bookingId: string) {
  const [row] = await tx
    .select({
      cost: sql<number>`coalesce(sum(case
        when ${ledgerEntries.kind} in ('purchase', 'addition') then ${ledgerEntries.amountCents}
        when ${ledgerEntries.kind} = 'discount' then -${ledgerEntries.amountCents}
        else 0 end), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId));
  return row?.cost ?? 0;
}

/** A tour's default option: its first priced type and category. */
function defaultOptionId(tour: OctoTour): string {
  const [first] = optionsOf(tour);
  if (!first) throw unprocessable('The product has no option on sale');
  return octoOptionId(first.typeId, first.categoryId);
}

/** The company's booking of this uuid as it stands; INVALID_BOOKING_UUID when it is not theirs. */
async function current(caller: OctoCaller, uuid: string) {
  const [row] = await readOctoBookings(caller.db, ownBooking(caller.reseller, uuid));
  if (!row) throw invalidBooking(uuid);
  return row;
}

/** GET /octo/bookings/{uuid}. */
export async function getOne(caller: OctoCaller, uuid: string): Promise<Booking> {
  const where = ownBooking(caller.reseller, uuid);
  const [row] = await readOctoBookings(caller.db, where);
  if (!row) throw invalidBooking(uuid);
  return answer(caller, where);
}

/** GET /octo/bookings: the company's OCTO bookings by a reference or travel dates (one is required). */
export async function list(caller: OctoCaller, query: OctoBookingsQuery): Promise<Booking[]> {
  const conditions: (SQL | undefined)[] = [
    eq(bookings.corporateClientId, caller.reseller.corporateClientId),
    eq(bookings.channel, 'octo'),
  ];
  const named = Boolean(
    query.resellerReference || query.supplierReference || query.localDate || query.localDateStart,
  );
  if (!named) {
    throw badRequest(
      'resellerReference, supplierReference or localDate/localDateStart is required',
    );
  }
  if (query.resellerReference)
    conditions.push(eq(bookings.resellerReference, query.resellerReference));
  if (query.supplierReference)
    conditions.push(eq(bookings.code, query.supplierReference.toUpperCase()));
  const from = query.localDate ?? query.localDateStart;
  const to = query.localDate ?? query.localDateEnd ?? query.localDateStart;
  if (from && to) conditions.push(between(bookings.travelDate, from, to));
  if (query.productId) conditions.push(eq(tours.code, query.productId));
  if (query.optionId) {
    const option = parseOctoOptionId(query.optionId);
    if (!option) return [];
    conditions.push(eq(bookings.typeId, option.typeId), eq(bookings.categoryId, option.categoryId));
  }
  const rows = await readOctoBookings(caller.db, and(...conditions) as SQL);
  return octoBookingAnswers(caller.db, rows, caller.load, caller.view, caller.testMode);
}
