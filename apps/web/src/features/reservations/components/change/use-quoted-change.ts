import type { BookingDetail, ChangeQuoteAnswer, RefundDestination } from '@cusco/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { randomId } from '../../../../lib/ids.ts';
import { bookingDetailKey } from '../../../../lib/queries/booking-detail.ts';
import { useMakeChange } from '../../api/make-change.ts';
import { type ChangeChoice, useChangeQuote } from '../../api/quote-change.ts';

type Booking = BookingDetail['booking'];

/**
 * The state of a change's dialog (the cancellation's, and every other change's): the server's
 * quote of `change` (none while it is null: the customer has not chosen yet), where the refund
 * goes (a customer's own booking: the card, or a credit with the agency, each quoted again since
 * the lines change; a company's refund is always its credit, and it is not asked), and Confirm,
 * which sends the change with the dialog's Idempotency-Key. The key is made when the dialog
 * opens (it is mounted for each opening), so that a double click or a retry changes once; a
 * flag set at the first click keeps a second click from sending before a re-render could disable
 * the button. A refused change reads the booking again behind the dialog; one changed at the
 * same moment (409 without seats to offer) is quoted again.
 */
export function useQuotedChange(
  booking: Booking,
  change: ChangeChoice | null,
  onDone: (answer: ChangeQuoteAnswer) => void,
) {
  const [key] = useState(randomId);
  const [refundTo, setRefundTo] = useState<RefundDestination>('card');
  /** A company's refund is always its credit: it is not asked. */
  const chooses = !booking.corporate;
  const asked = chooses ? refundTo : undefined;
  const quote = useChangeQuote(booking.code, change, asked);
  const mutation = useMakeChange(booking.code, booking.tourCode);
  const queryClient = useQueryClient();
  const sending = useRef(false);
  /**
   * Whether the customer chooses where the refund goes: once a quote said money comes back, the
   * choice stays on screen, even while another destination's quote is on its way or failed (so
   * that they can go back to the other).
   */
  const [refunds, setRefunds] = useState(false);
  const quoted = quote.isPlaceholderData ? undefined : quote.data;
  useEffect(() => {
    if (quoted) setRefunds(quoted.refund > 0);
  }, [quoted]);

  const confirm = () => {
    if (sending.current || !quoted || quote.isError || !change) return;
    sending.current = true;
    mutation.mutate(
      { change, refundTo: asked, key },
      {
        onSuccess: (answer) => onDone(answer),
        onError: (error) => {
          // The booking may have moved meanwhile (paid, changed elsewhere): the page behind
          // reads it again; changed at the same moment or its seats taken (409), the figures
          // too are quoted again.
          void queryClient.invalidateQueries({ queryKey: bookingDetailKey(booking.code) });
          if (error instanceof ApiError && error.status === 409) void quote.refetch();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return {
    quote,
    /** The quote of the change and destination chosen now; undefined while it is on its way. */
    quoted,
    mutation,
    refundTo,
    /** Whether the refund's destination is asked (money comes back, not a company's booking). */
    asksDestination: chooses && refunds,
    /** Another destination: quoted again, and the last refusal forgotten. */
    chooseDestination: (value: string) => {
      mutation.reset();
      setRefundTo(value === 'credit' ? 'credit' : 'card');
    },
    confirm,
    /** Whether Confirm may be pressed: the chosen change's own figures are on screen. */
    ready: Boolean(quoted) && !quote.isFetching && !quote.isError,
  };
}

export type QuotedChange = ReturnType<typeof useQuotedChange>;
