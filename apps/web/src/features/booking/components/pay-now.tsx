import { fromCents, type PaymentAddResponse } from '@cusco/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CheckoutModal, type CheckoutResult } from '../../../components/checkout-modal.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { paymentProblem, useAddPayment } from '../../../lib/payments.ts';

/**
 * Step 3's payment (spec §4): Pay asks the server for the payment of the chosen amount (the
 * same amount reopens the same checkout) and opens the gateway's checkout. 'S' goes to the
 * reservation, whose page confirms the payment; 'N' leaves the customer here, able to pay again.
 */
export function PayNow({
  code,
  amountCents,
  onPaid,
}: {
  code: string;
  amountCents: number;
  /** The checkout said "approved": the page's kept draft is forgotten. */
  onPaid(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const addPayment = useAddPayment();
  const [open, setOpen] = useState<PaymentAddResponse | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const amount = fromCents(amountCents);

  const pay = () => {
    setNotice(null);
    addPayment.mutate(
      { bookingId: code, amount, amountStr: String(amountCents) },
      // A payment in progress (409) or too many attempts (429): the server's message, here.
      { onSuccess: setOpen, onError: (error) => setNotice(paymentProblem(error).message) },
    );
  };

  const onResult = useCallback(
    (result: CheckoutResult) => {
      const transactionId = open?.transactionId ?? '';
      setOpen(null);
      if (result.status === 'S') {
        onPaid();
        // The reservation's page confirms the payment once the server has recorded it.
        navigate(paths.bookingDetail.href(code, { paid: transactionId }));
        return;
      }
      setNotice(result.reason === 'declined' ? t('payments.declined') : t('payments.notCompleted'));
    },
    [code, navigate, t, open, onPaid],
  );

  return (
    <Stack gap="sm">
      <Text size="sm">{t('payments.choosePayment')}</Text>
      {notice && (
        <Alert color="terracotta" icon={<IconInfoCircle aria-hidden />} role="alert">
          {notice}
        </Alert>
      )}
      <Button
        size="lg"
        leftSection={<IconCreditCard aria-hidden />}
        onClick={pay}
        loading={addPayment.isPending}
      >
        {t('payments.payAmount', { amount: formatMoney(amount, language) })}
      </Button>
      <CheckoutModal
        checkout={open?.checkout ?? null}
        transactionId={open?.transactionId ?? null}
        onResult={onResult}
      />
    </Stack>
  );
}
