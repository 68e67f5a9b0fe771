import { type BookingDetail, isCancelled } from '@cusco/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BottomBar } from '../../../../components/bottom-bar.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useSessionUser } from '../../../../lib/session.ts';
import { type DetailColumn, DetailRows } from './detail-table.tsx';
import { ExpiredHold, PaymentAttemptAlerts } from './payment-alerts.tsx';
import { Section } from './section.tsx';

/** Purchases, payments, discounts and additions, with the outstanding debt as footer. */
function BalanceTable({ balance }: { balance: BookingDetail['balance'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DetailRows
      labelledBy="detail-balance"
      rows={
        [
          [t('bookingDetail.purchases'), balance.purchases],
          [t('bookingDetail.payments'), balance.payments],
          [t('bookingDetail.discounts'), balance.discounts],
          [t('bookingDetail.additions'), balance.additions],
        ] as [string, number][]
      }
      rowKey={([label]) => label}
      columns={[
        { header: t('bookingDetail.balance'), value: ([label]) => label },
        { header: t('bookingDetail.total'), kind: 'money', value: ([, value]) => value },
      ]}
      footer={{
        label: t('bookingDetail.outstanding'),
        value: <span data-testid="outstanding-balance">{formatMoney(balance.debt, language)}</span>,
      }}
    />
  );
}

type LedgerLine = BookingDetail['buy'][number];
type ExtraLine = BookingDetail['paymentExtra']['add'][number];

/** One group of the account's lines, under its own heading: each line's date, what it is, amount. */
function LineTable<Row>({
  id,
  title,
  rows,
  columns,
}: {
  id: string;
  title: string;
  rows: Row[];
  columns: DetailColumn<Row>[];
}) {
  if (rows.length === 0) return null;
  return (
    <Stack gap={4} data-testid={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      <DetailRows
        labelledBy={id}
        rows={rows}
        rowKey={(_, index) => String(index)}
        columns={columns}
      />
    </Stack>
  );
}

/**
 * Every line of the account the API sends (spec "Booking detail": buy, payments, paymentExtra),
 * in the final balance table's order: purchases, payments (with their method), discounts and
 * additions; a group without lines is left out.
 */
function BalanceLines({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation();
  const date = { header: t('bookingDetail.date'), kind: 'date' } as const;
  const amount = { header: t('reading.amount'), kind: 'money' } as const;
  const ledger: DetailColumn<LedgerLine>[] = [
    { ...date, value: (line) => line.buyDate },
    { header: t('reading.concept'), value: (line) => line.description },
    { ...amount, value: (line) => line.total },
  ];
  const payments: DetailColumn<LedgerLine>[] = [
    { ...date, value: (line) => line.buyDate },
    { header: t('reading.concept'), value: (line) => line.description },
    { header: t('reading.method'), kind: 'observation', value: (line) => line.paymentMethod },
    { ...amount, value: (line) => line.total },
  ];
  const extras: DetailColumn<ExtraLine>[] = [
    { ...date, value: (line) => line.buyDate },
    { header: t('reading.concept'), value: (line) => line.name },
    { ...amount, value: (line) => line.total },
  ];
  return (
    <Stack gap="md" mb="md">
      <LineTable
        id="detail-lines-purchases"
        title={t('bookingDetail.purchases')}
        rows={detail.buy}
        columns={ledger}
      />
      <LineTable
        id="detail-lines-payments"
        title={t('bookingDetail.payments')}
        rows={detail.payments}
        columns={payments}
      />
      <LineTable
        id="detail-lines-discounts"
        title={t('bookingDetail.discounts')}
        rows={detail.paymentExtra.substract}
        columns={extras}
      />
      <LineTable
        id="detail-lines-additions"
        title={t('bookingDetail.additions')}
        rows={detail.paymentExtra.add}
        columns={extras}
      />
    </Stack>
  );
}

/**
 * Spec §2: a Pay link when there is debt and the user is not a corporate client; none on a
 * cancelled booking (ADR 0037: the API takes no payment for it) nor on one without passengers.
 */
export function usePayable(detail: BookingDetail): boolean {
  const user = useSessionUser();
  return (
    !detail.booking.corporate &&
    !user?.corporateClientId &&
    !isCancelled(detail.booking.status) &&
    detail.balance.debt > 0 &&
    detail.passangerRegistry.length > 0
  );
}

/**
 * The payments ledger: the balance, the payment attempts, and the Pay button (on a phone, the Pay
 * button is in the balance bar fixed at the bottom instead).
 */
export function BalanceLedger({
  detail,
  confirmed,
  onPay,
  withPay = true,
}: {
  detail: BookingDetail;
  /** The attempt confirmed at the top of the page, not repeated here. */
  confirmed: string | null;
  onPay: () => void;
  withPay?: boolean;
}) {
  const { t } = useTranslation();
  const payable = usePayable(detail);
  return (
    <Section id="detail-balance" title={t('bookingDetail.balance')}>
      <BalanceLines detail={detail} />
      <BalanceTable balance={detail.balance} />
      {detail.booking.expired && <ExpiredHold />}
      <PaymentAttemptAlerts detail={detail} confirmed={confirmed} />
      {withPay && payable && (
        <Group justify="flex-end" mt="md">
          <PayButton onPay={onPay} />
        </Group>
      )}
    </Section>
  );
}

function PayButton({ onPay }: { onPay: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      leftSection={<IconCreditCard size={18} aria-hidden />}
      onClick={() => onPay()}
      style={{ flexShrink: 0 }}
    >
      {t('bookingDetail.pay')}
    </Button>
  );
}

/** On a phone, while a balance is due: the balance and Pay, fixed at the bottom (issue 12). */
export function BalanceBar({ debt, onPay }: { debt: number; onPay: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <BottomBar label={t('bookingDetail.outstanding')}>
      <Text fw={700}>
        {t('bookingDetail.outstanding')}: {formatMoney(debt, language)}
      </Text>
      <PayButton onPay={onPay} />
    </BottomBar>
  );
}
