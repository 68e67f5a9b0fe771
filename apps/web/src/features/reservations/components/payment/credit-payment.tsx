import { creditPaymentRequest, fromCents, toCents } from '@cusco/shared';
import { Alert, Button, Group, NumberInput, Stack } from '@mantine/core';
import { IconInfoCircle, IconWallet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client.ts';
import { showSuccess } from '../../../../lib/error-modal.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { usePayWithCredit } from '../../api/pay-with-credit.ts';

/**
 * Paying a booking with the customer's credit (issue 27): an amount in dollars and cents, at
 * first the most it can be, min(credit, debt). It is checked here with the server's own limits
 * (the shared schema: above 0, to the cent; then at most the debt and at most the credit, in the
 * server's words) before asking; the server's refusals are shown in the same place. It is sent
 * with the payments dialog's Idempotency-Key (`idempotencyKey`, one per opening): a double click
 * or a retry pays once.
 */
export function CreditPayment({
  code,
  debt,
  credit,
  idempotencyKey: key,
  onCancel,
  onPaid,
}: {
  code: string;
  debt: number;
  credit: number;
  idempotencyKey: string;
  onCancel(): void;
  onPaid(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  const max = fromCents(Math.min(toCents(credit), toCents(debt)));
  const [amount, setAmount] = useState<string | number>(max);
  const [problem, setProblem] = useState<string | null>(null);
  const payment = usePayWithCredit();
  const sending = useRef(false);

  /** The amount, or the message that refuses it, as the server would. */
  const check = (): { amount: number } | { problem: string } => {
    const value = typeof amount === 'number' ? amount : Number(amount === '' ? Number.NaN : amount);
    const parsed = creditPaymentRequest.safeParse({ bookingId: code, amount: value });
    if (!parsed.success) return { problem: t('msg:invalidPaymentAmount') };
    const cents = toCents(value);
    if (cents > toCents(debt)) return { problem: t('msg:paymentOverDebt', { debt: money(debt) }) };
    if (cents > toCents(credit)) {
      return { problem: t('msg:creditOverBalance', { balance: money(credit) }) };
    }
    return { amount: value };
  };

  const pay = () => {
    if (sending.current) return;
    const checked = check();
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    sending.current = true;
    payment.mutate(
      { body: { bookingId: code, amount: checked.amount }, key },
      {
        onSuccess: (answer) => {
          showSuccess(
            t('payments.creditPaidTitle'),
            t('payments.creditPaidText', { amount: money(answer.paid), code: answer.bookingCode }),
          );
          onPaid();
        },
        onError: (error) => setProblem(errorMessage(error)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {problem && (
        <Alert color="red" icon={<IconInfoCircle aria-hidden />} role="alert">
          {problem}
        </Alert>
      )}
      <NumberInput
        label={t('payments.creditAmount')}
        description={t('payments.creditAmountHint', { max: money(max) })}
        value={amount}
        onChange={setAmount}
        min={0.01}
        max={max}
        decimalScale={2}
        allowNegative={false}
        clampBehavior="none"
        thousandSeparator=","
        error={problem !== null}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={payment.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={<IconWallet size={18} aria-hidden />}
          onClick={pay}
          loading={payment.isPending}
        >
          {t('payments.payWithCredit')}
        </Button>
      </Group>
    </Stack>
  );
}
