import type { BookingDetail } from '@cusco/shared';
import { Alert, Button, Group, List, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';

/**
 * After the checkout said "approved" (issue 12, bug 1): what was paid, the new balance and what
 * comes next, once the server has recorded the payment; "confirming" until then. It is the first
 * thing on the page, and takes the focus so that a screen reader reads it.
 */
export function PaymentConfirmation({
  detail,
  transactionId,
  onDismiss,
}: {
  detail: BookingDetail;
  transactionId: string;
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const box = useRef<HTMLDivElement>(null);
  const attempt = detail.paymentAttempts.find((item) => item.transactionId === transactionId);
  const paid = attempt?.status === 'paid';
  useEffect(() => {
    if (paid) box.current?.focus();
  }, [paid]);

  if (attempt?.status === 'pending') {
    return (
      <Alert color="andes" role="status" data-testid="payment-confirming">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{t('payments.confirming')}</Text>
        </Group>
      </Alert>
    );
  }
  if (!attempt || !paid) return null;

  const debt = detail.balance.debt;
  const incomplete = detail.passangerRegistry.filter((slot) => slot.percentage < 100).length;
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      color="andes"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      title={t('payments.receivedTitle')}
      data-testid="payment-confirmation"
    >
      <Text>{t('payments.received', { amount: formatMoney(attempt.amount, language) })}</Text>
      <Text fw={600} mt={4}>
        {debt > 0
          ? t('payments.balanceDue', { debt: formatMoney(debt, language) })
          : t('payments.paidInFull')}
      </Text>
      <Text mt="sm">{t('payments.nextTitle')}</Text>
      <List size="sm" mt={4}>
        {incomplete > 0 && (
          <List.Item>{t('payments.nextPassengers', { count: incomplete })}</List.Item>
        )}
        <List.Item>{debt > 0 ? t('payments.nextBalance') : t('payments.nextVoucher')}</List.Item>
      </List>
      <Group justify="flex-end" mt="sm">
        <Button variant="subtle" size="xs" onClick={onDismiss}>
          {t('common.close')}
        </Button>
      </Group>
    </Alert>
  );
}
