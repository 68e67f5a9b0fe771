import {
  CustomerTypeId,
  type OctoBookingsQuery,
  type OctoCancellationRequest,
  type OctoConfirmationRequest,
  type OctoContactInput,
  type OctoExtendRequest,
  type OctoUnitItemInput,
  type OctoUpdateRequest,
  octoCancellable,
  octoHoldMinutes,
  octoOptionId,
  parseOctoOptionId,
  todayInLima,
} from '@cusco/shared';
import { and, asc, between, eq, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { bookings, ledgerEntries, passengerSlots, tours } from '../../db/schema.ts';
import { makeBookingChange } from '../changes/service.ts';
import { cancelBooking, recordConfirmation } from '../lifecycle/transitions.ts';
import { bookingConfirmation, enqueueMail } from '../outbox/outbox.ts';
import { octoBookingAnswers, readOctoBookings } from './answer.ts';
import { type OctoTour, optionsOf, tourOf } from './catalogue.ts';
import { badRequest, invalidBooking, unprocessable } from './errors.ts';
import {
  answer,
  assertLiveHold,
  availabilityDate,
  current,
  lockOwn,
  type OctoCaller,
  ownBooking,
  rebookHold,
  recordTravellers,
  storedContact,
} from './hold.ts';

export type { OctoCaller } from './hold.ts';
export { reserve } from './hold.ts';

import type { Booking } from './types.ts';

/**
 * OCTO's bookings after the hold (issue 31, ADR 0050): confirmation, extension, changes, the
 * cancellation (a hold's free; a confirmed booking's by the changes module under the tour's
 * corporate policy), reads and lists. No second inventory: every write goes through the site's
 * own booking functions.
 */

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
