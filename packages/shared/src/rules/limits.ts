import type { MessageKey } from '../messages.ts';
import type { BookingSelection } from './pricing.ts';

/** What a tour allows in one booking (stored per tour and per service offer). */
export interface BookingLimits {
  /** The most passengers one booking may carry: the tour's group maximum. */
  maxPassengers: number;
  /** The offers sold per passenger: at most one per passenger of the booking. */
  perPersonOffers: ReadonlySet<string>;
}

export type LimitProblem = {
  message: MessageKey;
  field: string;
  params?: Record<string, string | number>;
};

export function passengerCount(selection: Pick<BookingSelection, 'passengers'>): number {
  return selection.passengers.reduce((total, line) => total + line.quantity, 0);
}

/**
 * The first limit a selection breaks, or null (the product limits): passengers at most
 * the tour's group maximum; hotel rooms at most one per passenger; each service chosen once, and
 * a per-person service at most once per passenger. The API refuses such a booking; the booking
 * page keeps its inputs inside these limits.
 */
export function selectionLimitProblem(
  selection: Pick<BookingSelection, 'passengers' | 'hotels' | 'services'>,
  limits: BookingLimits,
): LimitProblem | null {
  const passengers = passengerCount(selection);
  if (passengers > limits.maxPassengers) {
    return {
      message: 'groupTooLarge',
      field: 'passengers',
      params: { count: limits.maxPassengers },
    };
  }
  const rooms = selection.hotels.reduce((total, line) => total + line.rooms, 0);
  if (rooms > passengers) {
    return { message: 'roomsOverPassengers', field: 'hotels', params: { count: passengers } };
  }
  const seen = new Set<string>();
  for (const [index, service] of selection.services.entries()) {
    if (service.quantity <= 0) continue;
    if (seen.has(service.offerId)) {
      return { message: 'serviceListedTwice', field: `additionalServices.${index}` };
    }
    seen.add(service.offerId);
    if (limits.perPersonOffers.has(service.offerId) && service.quantity > passengers) {
      return {
        message: 'serviceOverPassengers',
        field: `additionalServices.${index}.quantity`,
        params: { max: passengers },
      };
    }
  }
  return null;
}
