import type { BookingDetail } from '@cusco/shared';
import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import type { PaymentOutcome } from './use-detail-actions.ts';

/** Payments in progress, declined, or to be refunded; nothing when there are none. */
export function PaymentAttemptAlerts({ attempts }: { attempts: BookingDetail['paymentAttempts'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (attempts.length === 0) return null;
  return (
    <Stack gap="xs" mt="sm">
      {attempts.map((attempt) => (
        <Alert
          key={attempt.transactionId}
          color={attempt.status === 'pending' ? 'andes' : 'terracotta'}
          icon={<IconInfoCircle aria-hidden />}
          p="xs"
        >
          {t(
            attempt.status === 'pending'
              ? 'payments.pendingAttempt'
              : attempt.status === 'refund_required'
                ? 'payments.refundAttempt'
                : 'payments.declinedAttempt',
            { amount: formatMoney(attempt.amount, language) },
          )}
        </Alert>
      ))}
    </Stack>
  );
}

/** What the last checkout said; nothing before one. */
export function PaymentResultAlert({ payment }: { payment: PaymentOutcome | null }) {
  const { t } = useTranslation();
  if (!payment) return null;
  return (
    <Alert color={payment === 'S' ? 'andes' : 'terracotta'} mt="sm" role="status">
      {payment === 'S'
        ? t('payments.approved')
        : payment === 'declined'
          ? t('payments.declined')
          : t('payments.notCompleted')}
    </Alert>
  );
}
