import {
  defaultPaymentAmount,
  type PaymentAddResponse,
  toCents,
  validPaymentAmountCents,
} from '@cusco/shared';
import { Alert, Button, Group, Modal, NumberInput, Radio, Stack } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutModal, type CheckoutResult } from '../../../components/checkout-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { randomId } from '../../../lib/ids.ts';
import { paymentProblem, useAddPayment } from '../../../lib/payments.ts';
import { bookingDetailKey } from '../../../lib/queries/booking-detail.ts';
import { CreditPayment } from './payment/credit-payment.tsx';

/**
 * The payment: the amount (starting at the debt's whole dollars), the problem to show, and the gateway's
 * checkout once Pay was accepted. Pay checks the amount (a whole number above 0 and at most the
 * debt, spec §5), then asks for a checkout; a payment already in progress reads the reservation
 * again, so that its page lists it.
 */
function usePayment({
  code,
  debt,
  onFinished,
}: {
  code: string;
  debt: number;
  onFinished(result: CheckoutResult, transactionId: string): void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<string | number>(() => defaultPaymentAmount(debt));
  const [problem, setProblem] = useState<{ message: string; inProgress: boolean } | null>(null);
  const [checkout, setCheckout] = useState<PaymentAddResponse | null>(null);
  const addPayment = useAddPayment();
  const queryClient = useQueryClient();

  const pay = () => {
    const value = typeof amount === 'number' ? amount : Number(amount);
    const cents = validPaymentAmountCents(value, toCents(debt));
    if (cents === null) {
      setProblem({ message: t('msg:invalidPaymentAmount'), inProgress: false });
      return;
    }
    setProblem(null);
    addPayment.mutate(
      { bookingId: code, amount: value, amountStr: String(cents) },
      {
        onSuccess: setCheckout,
        onError: (error) => {
          const found = paymentProblem(error);
          setProblem(found);
          // The reservation's page then lists the payment in progress.
          if (found.inProgress) {
            void queryClient.invalidateQueries({ queryKey: bookingDetailKey(code) });
          }
        },
      },
    );
  };

  const onResult = useCallback(
    (result: CheckoutResult) => {
      const transactionId = checkout?.transactionId ?? '';
      setCheckout(null);
      onFinished(result, transactionId);
    },
    [onFinished, checkout],
  );

  return { amount, setAmount, problem, checkout, pay, paying: addPayment.isPending, onResult };
}

/**
 * Spec §2/§4 payments modal: the amount starts at the current debt; it must be a whole number
 * above 0 and at most the debt (§5); Pay opens the gateway's checkout. Whatever the checkout
 * says, the reservation is read again from the API. A customer with a credit with the agency
 * (issue 27) may choose to pay with it instead (`onCreditPaid` once paid).
 */
export function PaymentModal({
  code,
  debt,
  credit = 0,
  opened,
  onClose,
  onFinished,
  onCreditPaid = () => undefined,
}: {
  code: string;
  debt: number;
  /** The customer's credit balance (dollars): above 0, paying with it is offered. */
  credit?: number;
  opened: boolean;
  onClose(): void;
  onFinished(result: CheckoutResult, transactionId: string): void;
  onCreditPaid?(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { amount, setAmount, problem, checkout, pay, paying, onResult } = usePayment({
    code,
    debt,
    onFinished,
  });
  const [method, setMethod] = useState<'card' | 'credit'>('card');
  /** The credit payment's Idempotency-Key: one per opening (the modal is mounted for each). */
  const [creditKey] = useState(randomId);
  const withCredit = credit > 0 && method === 'credit';

  return (
    <>
      <Modal
        opened={opened && checkout === null}
        onClose={onClose}
        title={t('payments.modalTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {credit > 0 && (
          <Radio.Group
            label={t('payments.method')}
            value={method}
            onChange={(value) => setMethod(value === 'credit' ? 'credit' : 'card')}
            mb="md"
          >
            <Stack gap="xs" mt="xs">
              <Radio value="card" label={t('payments.byCard')} />
              <Radio
                value="credit"
                label={t('payments.byCredit', { amount: formatMoney(credit, language) })}
              />
            </Stack>
          </Radio.Group>
        )}
        {withCredit ? (
          <CreditPayment
            code={code}
            debt={debt}
            credit={credit}
            idempotencyKey={creditKey}
            onCancel={onClose}
            onPaid={onCreditPaid}
          />
        ) : (
          <Stack gap="md">
            {problem && (
              <Alert
                color={problem.inProgress ? 'terracotta' : 'red'}
                icon={<IconInfoCircle aria-hidden />}
                role="alert"
              >
                {problem.message}
              </Alert>
            )}
            <NumberInput
              label={t('payments.amount')}
              description={t('payments.amountHint', { debt: formatMoney(debt, language) })}
              value={amount}
              onChange={setAmount}
              min={1}
              max={Math.floor(debt)}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              thousandSeparator=","
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                leftSection={<IconCreditCard size={18} aria-hidden />}
                onClick={pay}
                loading={paying}
              >
                {t('payments.pay')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <CheckoutModal
        checkout={checkout?.checkout ?? null}
        transactionId={checkout?.transactionId ?? null}
        onResult={onResult}
      />
    </>
  );
}
