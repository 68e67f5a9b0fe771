import type { BookingDetail } from '@cusco/shared';
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
 * Payments being confirmed, left unfinished, declined or to be refunded, as the server lists them
 * (a decline only while it is the latest news); nothing when there are none. A paid attempt needs
 * no alert (the ledger lists it), and the one `confirmed` above is not repeated.
 */
export function PaymentAttemptAlerts({
  attempts,
  confirmed,
}: {
  attempts: BookingDetail['paymentAttempts'];
  confirmed: string | null;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = attempts.filter(
    (attempt) => attempt.status !== 'paid' && attempt.transactionId !== confirmed,
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
