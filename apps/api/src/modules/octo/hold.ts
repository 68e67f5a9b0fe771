import { randomUUID } from 'node:crypto';
import {
  bookingRequest,
  CustomerTypeId,
  type Language,
  type OctoContactInput,
  type OctoReservationRequest,
  type OctoUnitItemInput,
  octoHoldMinutes,
  octoNetCents,
  octoUnit,
  parseOctoAvailabilityId,
  quoteBooking,
  requestFromQuote,
  splitFullName,
  todayInLima,
} from '@cusco/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
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
import { holdSeats } from '../departures/seats.ts';
import { usersWithCompany } from '../users/users.ts';
import { octoBookingAnswers, octoBookingColumns, readOctoBookings } from './answer.ts';
import { type OctoTour, type OctoView, optionOf, tourOf } from './catalogue.ts';
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
 * An OCTO hold (issue 31, ADR 0050): a booking saved by `saveBookingIn` (the site's checks,
 * prices, seats and permits), on credit for the reseller's company, holding its seats only until
 * the reseller confirms it; booked again in place when the reseller changes it. And what every
 * OCTO booking call shares: the caller, the company's booking by uuid, its units. The rest of a
 * booking's life is in bookings.ts.
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

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's OCTO booking of this uuid: its row condition (never another company's). */
export function ownBooking(reseller: Reseller, uuid: string): SQL {
  if (!UUID.test(uuid)) throw invalidBooking(uuid);
  return and(
    eq(bookings.corporateClientId, reseller.corporateClientId),
    eq(bookings.octoUuid, uuid.toLowerCase()),
  ) as SQL;
}

export async function answer(caller: OctoCaller, where: SQL): Promise<Booking> {
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
export async function lockOwn(tx: Transaction, reseller: Reseller, uuid: string) {
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
export function storedContact(
  contact: OctoContactInput | undefined | null,
): Record<string, unknown> | null {
  if (!contact) return null;
  const entries = Object.entries(contact).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** The units of a request, each checked against the option; UNPROCESSABLE without any. */
export function unitsOf(tour: OctoTour, optionId: string, items: OctoUnitItemInput[] | undefined) {
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
  if (!parsed.success) {
    // The site's own limits of one booking (its passengers, its figures), named by field.
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    throw unprocessable(`The units cannot be booked together (${fields.join(', ')})`);
  }
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
export async function placeUnitItems(
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
export async function recordTravellers(tx: Transaction, bookingId: string) {
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
export function assertLiveHold(row: {
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
export async function rebookHold(
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

/** The company's booking of this uuid as it stands; INVALID_BOOKING_UUID when it is not theirs. */
export async function current(caller: OctoCaller, uuid: string) {
  const [row] = await readOctoBookings(caller.db, ownBooking(caller.reseller, uuid));
  if (!row) throw invalidBooking(uuid);
  return row;
}
