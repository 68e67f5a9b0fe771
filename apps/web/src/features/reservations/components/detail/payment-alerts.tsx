import { type BookingDetail, isCancelled } from '@cusco/shared';
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';

type Attempt = BookingDetail['paymentAttempts'][number];

/** The message of an attempt the server lists: where an open one stands, or how one ended. */
function messageKey(attempt: Attempt) {
  if (attempt.status === 'refund_required') return 'payments.refundAttempt';
  if (attempt.status === 'declined') return 'payments.declinedAttempt';
  if (attempt.stage === 'notCompleted') return 'payments.notCompletedAttempt';
  if (attempt.stage === 'unconfirmed') return 'payments.unconfirmedAttempt';
  return 'payments.pendingAttempt';
}

/**
 * Whether an attempt's alert still applies to the booking as it is now. One being confirmed or
 * left unfinished, or a decline, invites the customer to pay (again): it no longer applies once
 * nothing is owed (e.g. a desk payment settled the balance) or the booking is cancelled. A
 * payment to be refunded is news until the refund is made, whatever the balance.
 */
export function stillApplies(attempt: Attempt, detail: BookingDetail): boolean {
  if (attempt.status === 'paid') return false;
  if (attempt.status === 'refund_required') return true;
  return detail.balance.debt > 0 && !isCancelled(detail.booking.status);
}

/**
 * Payments being confirmed, left unfinished, declined or to be refunded, as the server lists them
 * (a decline only while it is the latest news), while they still apply to the booking
 * (stillApplies); nothing when there are none. A paid attempt needs no alert (the ledger lists
 * it), and the one `confirmed` above is not repeated.
 */
export function PaymentAttemptAlerts({
  detail,
  confirmed,
}: {
  detail: BookingDetail;
  confirmed: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = detail.paymentAttempts.filter(
    (attempt) => stillApplies(attempt, detail) && attempt.transactionId !== confirmed,
  );
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mt="sm">
      {shown.map((attempt) => (
        <Alert
          key={attempt.transactionId}
          color={attempt.status === 'pending' ? 'andes' : 'terracotta'}
          icon={<IconInfoCircle aria-hidden />}
          p="xs"
          data-testid="payment-attempt"
        >
          {t(messageKey(attempt), { amount: formatMoney(attempt.amount, language) })}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * A booking whose hold ended before its deposit was paid gave its seats back (ADR 0035): it can
 * be paid again while seats remain on its date.
 */
export function ExpiredHold() {
  const { t } = useTranslation();
  return (
    <Alert
      color="terracotta"
      icon={<IconInfoCircle aria-hidden />}
      title={t('bookingDetail.expiredTitle')}
      mt="sm"
      data-testid="hold-expired"
    >
      {t('bookingDetail.expiredText')}
    </Alert>
  );
}
