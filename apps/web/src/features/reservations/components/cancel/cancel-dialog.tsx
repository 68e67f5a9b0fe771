import type { BookingDetail, ChangeQuoteAnswer } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal.tsx';
import type { ChangeChoice } from '../../api/quote-change.ts';
import { QuotedChangeBody } from '../change/quote-preview.tsx';
import { useQuotedChange } from '../change/use-quoted-change.ts';

type Booking = BookingDetail['booking'];

const CANCEL: ChangeChoice = { kind: 'cancel' };

/**
 * "Cancel this reservation" (issue 27): the server's quote first (what is kept, the refund, the
 * balance after, each line with its reason), then, when money comes back to a customer's own
 * booking, where it goes (the card, or a credit with the agency: each choice is quoted again,
 * since the lines change). Confirm cancels with the dialog's Idempotency-Key, made when the dialog
 * opens (it is mounted for each opening), so a double click or a retry cancels once. Refusals
 * stay in the dialog: a 422's message as the server says it; a 409 (changed at the same moment)
 * says to look again and quotes again. Full screen on a phone. The other changes' dialog shares
 * its parts (change/quote-preview.tsx).
 */
export function CancelDialog({
  booking,
  onClose,
  onCancelled,
}: {
  booking: Booking;
  onClose(): void;
  onCancelled(answer: ChangeQuoteAnswer): void;
}) {
  const { t } = useTranslation();
  const flow = useQuotedChange(booking, CANCEL, onCancelled);
  const close = () => {
    // A cancellation on its way is seen through; the dialog then closes itself.
    if (!flow.mutation.isPending) onClose();
  };
  return (
    <FormModal opened onClose={close} title={t('cancel.title', { code: booking.code })} size="lg">
      <QuotedChangeBody
        flow={flow}
        variant="cancel"
        statusBefore={booking.status}
        texts={{
          loading: t('cancel.loading'),
          keep: t('cancel.keep'),
          confirm: t('cancel.confirm'),
          warning: t('cancel.warning'),
        }}
        onClose={close}
        danger
      />
    </FormModal>
  );
}
