/** The sandbox's test cards (the list); any other card number is declined. */
export const testCards = {
  approved: '4111111111111111',
  declined: '4000000000000002',
  /** Approved, but its notification is never delivered: only reconciliation records it. */
  approvedLostNotification: '4000000000009995',
} as const;

export type CardOutcome = 'approved' | 'declined' | 'approvedLostNotification';

export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits === testCards.approved) return 'approved';
  if (digits === testCards.approvedLostNotification) return 'approvedLostNotification';
  return 'declined';
}
