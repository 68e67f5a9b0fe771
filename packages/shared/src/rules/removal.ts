/**
 * The cancellation policy of the agency's terms (spec, "Terms" and "Corporate terms"), applied
 * when staff accept a request to remove a passenger or a service: what share of the removed
 * item's price is kept as a penalty, by whole days left before travel.
 *
 * Public bookings: 30 to 11 days 50 %, 10 to 4 days 80 %, 3 days or fewer 100 %; more than 30
 * days ahead nothing is kept.
 * Corporate bookings: 30 to 10 days 50 %, 9 to 3 days 80 %, 2 days or fewer 100 %; other services
 * are free to remove up to 15 days before.
 */
export function removalPenaltyPercent(options: {
  daysBefore: number;
  corporate: boolean;
  item: 'passenger' | 'service';
}): number {
  const { daysBefore, corporate, item } = options;
  if (corporate) {
    if (item === 'service' && daysBefore >= 15) return 0;
    if (daysBefore > 30) return 0;
    if (daysBefore >= 10) return 50;
    if (daysBefore >= 3) return 80;
    return 100;
  }
  if (daysBefore > 30) return 0;
  if (daysBefore >= 11) return 50;
  if (daysBefore >= 4) return 80;
  return 100;
}

/** The credit, in cents, for removing an item of `priceCents`: what the penalty does not keep. */
export function removalCreditCents(priceCents: number, penaltyPercent: number): number {
  return Math.round((priceCents * (100 - penaltyPercent)) / 100);
}
