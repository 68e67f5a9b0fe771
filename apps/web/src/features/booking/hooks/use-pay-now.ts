import type { PaymentAddResponse } from '@cusco/shared';
import { fromCents } from '@cusco/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CheckoutResult } from '../../../components/checkout-modal.tsx';
import { paths } from '../../../config/paths.ts';
import { paymentProblem, useAddPayment } from '../../../lib/payments.ts';

/** The checkout opened for a booking, and the booking it pays. */
interface OpenCheckout {
  code: string;
  payment: PaymentAddResponse;
}

/**
 * Step 3's payment (spec §4): `pay` asks the server for the payment of an amount (the same
 * amount reopens the same checkout) and opens the gateway's checkout. 'S' goes to the
 * reservation, whose page confirms the payment; 'N' leaves the customer on step 3, able to pay
 * again, with what happened in `notice`.
 */
export function usePayNow(onPaid: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addPayment = useAddPayment();
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const pay = (code: string, amountCents: number) => {
    setNotice(null);
    addPayment.mutate(
      { bookingId: code, amount: fromCents(amountCents), amountStr: String(amountCents) },
      // A payment in progress (409) or too many attempts (429): the server's message, here.
      {
        onSuccess: (payment) => setOpen({ code, payment }),
        onError: (error) => setNotice(paymentProblem(error).message),
      },
    );
  };

  const onResult = useCallback(
    (result: CheckoutResult) => {
      setOpen(null);
      if (result.status === 'S' && open) {
        onPaid();
        // The reservation's page confirms the payment once the server has recorded it.
        navigate(paths.bookingDetail.href(open.code, { paid: open.payment.transactionId }));
        return;
      }
      setNotice(
        result.status === 'N' && result.reason === 'declined'
          ? t('payments.declined')
          : t('payments.notCompleted'),
      );
    },
    [navigate, t, open, onPaid],
  );

  return { pay, paying: addPayment.isPending, notice, checkout: open?.payment ?? null, onResult };
}

export type PayNowState = ReturnType<typeof usePayNow>;
