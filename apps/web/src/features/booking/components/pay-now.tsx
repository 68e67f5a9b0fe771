import { fromCents } from '@cusco/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CheckoutModal } from '../../../components/checkout-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import type { PayNowState } from '../hooks/use-pay-now.ts';

/**
 * The saved booking's payment on step 3: what happened to the last checkout, Pay (again), and the
 * checkout itself, which 'Reserve and pay' opens at once.
 */
export function PayNow({
  code,
  amountCents,
  payment,
}: {
  code: string;
  /** The amount chosen on step 3: the total or the deposit. */
  amountCents: number;
  payment: PayNowState;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { checkout } = payment;

  return (
    <Stack gap="sm">
      <Text size="sm">{t('payments.choosePayment')}</Text>
      {payment.notice && (
        <Alert color="terracotta" icon={<IconInfoCircle aria-hidden />} role="alert">
          {payment.notice}
        </Alert>
      )}
      <Button
        size="lg"
        leftSection={<IconCreditCard aria-hidden />}
        onClick={() => payment.pay(code, amountCents)}
        loading={payment.paying}
      >
        {t('payments.payAmount', { amount: formatMoney(fromCents(amountCents), language) })}
      </Button>
      <CheckoutModal
        checkout={checkout?.checkout ?? null}
        transactionId={checkout?.transactionId ?? null}
        onResult={payment.onResult}
      />
    </Stack>
  );
}
