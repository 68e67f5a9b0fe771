import type { BookingDetail, ChangeQuoteAnswer, RefundDestination } from '@cusco/shared';
import { Alert, Button, Group, Loader, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { randomId } from '../../../../lib/ids.ts';
import { bookingDetailKey } from '../../../../lib/queries/booking-detail.ts';
import { useCancelBooking } from '../../api/cancel-booking.ts';
import { useCancelQuote } from '../../api/quote-cancel.ts';

type Booking = BookingDetail['booking'];

/**
 * "Cancel this reservation" (issue 27): the server's quote first (what is kept, the refund, the
 * balance after, each line with its reason), then, when money comes back to a customer's own
 * booking, where it goes (the card, or a credit with the agency: each choice is quoted again,
 * since the lines change). Confirm cancels with the dialog's Idempotency-Key, made when the dialog
 * opens (it is mounted for each opening), so a double click or a retry cancels once. Refusals
 * stay in the dialog: a 422's message as the server says it; a 409 (changed at the same moment)
 * says to look again and quotes again. Full screen on a phone.
 */
export function CancelDialog({
  booking,
  onClose,
  onCancelled,
}: {
  booking: Booking;
  onClose(): void;
  onCancelled(answer: ChangeQuoteAnswer): void;
}) {
  const { t } = useTranslation();
  const [key] = useState(randomId);
  const [refundTo, setRefundTo] = useState<RefundDestination>('card');
  /** A company's refund is always its credit: it is not asked. */
  const chooses = !booking.corporate;
  const asked = chooses ? refundTo : undefined;
  const quote = useCancelQuote(booking.code, asked, true);
  const cancel = useCancelBooking(booking.code);
  const queryClient = useQueryClient();
  /** Set at the first click, before a re-render could disable the button. */
  const sending = useRef(false);
  /**
   * Whether the customer chooses where the refund goes: once a quote said money comes back, the
   * choice stays on screen, even while another destination's quote is on its way or failed (so
   * that they can go back to the other).
   */
  const [refunds, setRefunds] = useState(false);
  const quoted = quote.isPlaceholderData ? undefined : quote.data;
  useEffect(() => {
    if (quoted) setRefunds(quoted.refund > 0);
  }, [quoted]);
  const choice = chooses && refunds;

  const confirm = () => {
    if (sending.current || !quoted || quote.isError) return;
    sending.current = true;
    cancel.mutate(
      { refundTo: asked, key },
      {
        onSuccess: (answer) => onCancelled(answer),
        onError: (error) => {
          // The booking may have moved meanwhile (paid, cancelled elsewhere): the page behind
          // reads it again; changed at the same moment (409), the figures too are quoted again.
          void queryClient.invalidateQueries({ queryKey: bookingDetailKey(booking.code) });
          if (error instanceof ApiError && error.status === 409) void quote.refetch();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const choose = (value: string) => {
    cancel.reset();
    setRefundTo(value === 'credit' ? 'credit' : 'card');
  };
  const close = () => {
    // A cancellation on its way is seen through; the dialog then closes itself.
    if (!cancel.isPending) onClose();
  };

  return (
    <FormModal
      opened
      onClose={close}
      title={t('cancel.title', { code: booking.code })}
      size="lg"
      loading={quote.isPending ? t('cancel.loading') : undefined}
    >
      {quote.isError && !quote.data && !choice && (
        <QuoteProblem error={quote.error} onRetry={() => void quote.refetch()} onClose={close} />
      )}
      {(quote.data || choice) && (
        <Stack gap="md" aria-busy={quote.isFetching}>
          {quote.data && <Preview quote={quote.data} />}
          {choice && (
            <Radio.Group
              label={t('cancel.refundTo')}
              value={refundTo}
              onChange={choose}
              data-testid="refund-destination"
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="card"
                  label={t('cancel.toCard')}
                  description={t('cancel.toCardHint')}
                  disabled={cancel.isPending}
                />
                <Radio
                  value="credit"
                  label={t('cancel.toCredit')}
                  description={t('cancel.toCreditHint')}
                  disabled={cancel.isPending}
                />
              </Stack>
            </Radio.Group>
          )}
          <Group gap="xs" role="status" mih={20}>
            {quote.isFetching && (
              <>
                <Loader size="xs" aria-hidden />
                <Text size="sm">{t('cancel.updating')}</Text>
              </>
            )}
          </Group>
          {quote.isError && (
            // No figures for this choice: nothing is confirmed on an earlier quote's.
            <QuoteProblem error={quote.error} onRetry={() => void quote.refetch()} />
          )}
          <Alert color="terracotta" icon={<IconAlertTriangle aria-hidden />} p="xs" role="note">
            {t('cancel.warning')}
          </Alert>
          {cancel.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              data-testid="cancel-problem"
            >
              {errorMessage(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {t('cancel.keep')}
            </Button>
            <Button
              // red.9: white text on it passes WCAG AA (Mantine's red.6 does not).
              color="red.9"
              onClick={confirm}
              loading={cancel.isPending}
              disabled={!quoted || quote.isFetching || quote.isError}
            >
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}

/** A quote the server did not give: its message, Try again, and (before any quote) Close. */
function QuoteProblem({
  error,
  onRetry,
  onClose,
}: {
  error: unknown;
  onRetry(): void;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Text mb="sm">{errorMessage(error)}</Text>
      <Group gap="sm">
        <Button size="sm" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
        {onClose && (
          <Button size="sm" variant="subtle" onClick={onClose}>
            {t('common.close')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** The quote: days before travel and the policy's share, the lines, and the figures after. */
function Preview({ quote }: { quote: ChangeQuoteAnswer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  return (
    <>
      <div>
        <Text fw={600}>
          {quote.daysBefore > 0
            ? t('cancel.days', { count: quote.daysBefore })
            : t('cancel.datePassed')}
        </Text>
        <Text size="sm" data-testid="cancel-policy">
          {quote.keepPercent > 0
            ? t('cancel.policy', { percent: quote.keepPercent })
            : t('cancel.policyNone')}
        </Text>
      </div>
      <section aria-labelledby="cancel-lines">
        <Title order={3} size="h5" id="cancel-lines" mb="xs">
          {t('cancel.linesTitle')}
        </Title>
        {quote.lines.length === 0 ? (
          <Text size="sm">{t('cancel.noLines')}</Text>
        ) : (
          <DataTable
            labelledBy="cancel-lines"
            rows={quote.lines}
            rowKey={(line, index) => `${line.kind}-${index}`}
            columns={[
              { key: 'reason', header: t('cancel.line'), render: (line) => line.reason },
              {
                key: 'amount',
                header: t('cancel.amount'),
                render: (line) => money(line.amount),
                align: 'right',
              },
            ]}
          />
        )}
      </section>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
        <Figure label={t('cancel.paid')} value={money(quote.paid)} testId="cancel-paid" />
        <Figure label={t('cancel.kept')} value={money(quote.total)} testId="cancel-kept" />
        <Figure
          label={t('cancel.refund')}
          value={money(quote.refund)}
          testId="cancel-refund"
          strong
        />
        <Figure label={t('cancel.balance')} value={money(quote.balance)} testId="cancel-balance" />
      </SimpleGrid>
    </>
  );
}

function Figure({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} ta="right" fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </>
  );
}
