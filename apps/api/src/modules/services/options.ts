import type { AdditionalServiceOptions, Language } from '@cusco/shared';
import type { Executor } from '../../db/client.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { findVisibleBooking } from '../bookings/access.ts';
import { loadServiceOffers, withoutKind } from '../tours/service-offers.ts';

/**
 * GET tour/{code}/service/additional, where the code is a reservation's: the services the
 * booking's tour offers, grouped by service, "normal" extras apart from other tours (isTour).
 * Each price id is the offer (tour_additional_services) id that POST tour/add/service takes.
 */
export async function listServiceOptions(
  db: Executor,
  user: AuthenticatedUser,
  bookingCode: string,
  language: Language,
): Promise<AdditionalServiceOptions> {
  const booking = await findVisibleBooking(db, user, bookingCode);
  const offers = await loadServiceOffers(db, booking.tourId, language);
  return {
    normal: offers.filter((offer) => !offer.isTour).map(withoutKind),
    istour: offers.filter((offer) => offer.isTour).map(withoutKind),
  };
}
