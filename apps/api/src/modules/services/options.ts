import type { AdditionalServiceOptions, Language } from '@cusco/shared';
import { count, eq, sql } from 'drizzle-orm';
import { type Executor, readAll } from '../../db/client.ts';
import { bookingServiceLines, passengerSlots } from '../../db/schema.ts';
import { findVisibleBooking } from '../access/bookings.ts';
import {
  type GroupedServiceOffer,
  loadServiceOffers,
  withoutKind,
} from '../tours/service-offers.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';

/**
 * GET tour/{code}/service/additional, where the code is a reservation's: the services the
 * booking's tour offers, grouped by service, "normal" extras apart from other tours (isTour).
 * Each price id is the offer (tour_additional_services) id that POST tour/add/service takes;
 * each says how many the booking has already, and the answer how many passengers it has, so
 * that the form keeps per-person services within one per passenger.
 */
export async function listServiceOptions(
  db: Executor,
  user: AuthenticatedUser,
  bookingCode: string,
  language: Language,
): Promise<AdditionalServiceOptions> {
  const booking = await findVisibleBooking(db, user, bookingCode);
  const [offers, bought, [passengers]] = await readAll(db, [
    () => loadServiceOffers(db, booking.tourId, language),
    () =>
      db
        .select({
          offerId: bookingServiceLines.offerId,
          quantity: sql<number>`sum(${bookingServiceLines.quantity})`.mapWith(Number),
        })
        .from(bookingServiceLines)
        .where(eq(bookingServiceLines.bookingId, booking.id))
        .groupBy(bookingServiceLines.offerId),
    () =>
      db
        .select({ n: count() })
        .from(passengerSlots)
        .where(eq(passengerSlots.bookingId, booking.id)),
  ]);
  const boughtOf = new Map(bought.map((row) => [row.offerId, row.quantity]));
  const withBought = (offer: GroupedServiceOffer) => ({
    ...withoutKind(offer),
    prices: offer.prices.map((price) => ({ ...price, bought: boughtOf.get(price.id) ?? 0 })),
  });
  return {
    normal: offers.filter((offer) => !offer.isTour).map(withBought),
    istour: offers.filter((offer) => offer.isTour).map(withBought),
    passengers: passengers?.n ?? 0,
  };
}
