import { type BookingStatus, type ChangeQuoteAnswer, isIsoDate } from '@cusco/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { formatLongDate, formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { statusColors } from '../status-badge.tsx';
import type { QuotedChange } from './use-quoted-change.ts';

/**
 * The parts every change's dialog shares (issue 27): the server's quote as a preview (each line
 * with its reason, the figures after), where the refund goes, the problems the server answers
 * (with the next dates with room when a date is sold out), and Keep / Confirm.
 */

/** What the preview calls things: a cancellation's words, or a change's. */
export type PreviewVariant = 'cancel' | 'change';

/** The words of a dialog's quoted part. */
export interface QuoteTexts {
  /** What the loader says while the first quote comes. */
  loading: string;
  /** Closes the dialog, changing nothing. */
  keep: string;
  /** Makes the change: explicit ("Move my reservation to 12 May 2027"). */
  confirm: string;
  /** A note above the buttons (a cancellation cannot be undone). */
  warning?: string;
}

/** A button whose words may take two lines (a long date on a phone) rather than be cut. */
const wrapping = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

/**
 * The later dates with room a sold-out answer (409) offers, if any, but `except` (the booking's
 * own date: the server counts its own seats there, and moving to it is no change).
 */
export function nextDatesOf(error: unknown, except?: string): string[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const dates = error.body?.details?.nextDates;
  return Array.isArray(dates)
    ? dates.filter(
        (date): date is string => typeof date === 'string' && isIsoDate(date) && date !== except,
      )
    : [];
}

/** Choosing one of the next dates with room a sold-out date offers, other than `current`. */
export interface DatePicking {
  onPick(date: string): void;
  current: string;
}

/**
 * The quoted part of a change's dialog, below what the customer chose: a loader while the first
 * quote comes; then the preview, `children` (what the change adds to it), where the refund goes,
 * "Updating the figures…" while another quote comes, the problems, and Keep / Confirm. Confirm is
 * enabled only on the figures of what is chosen now. While the change is being made, the dialog
 * stays (its Keep is disabled). `pickDate`: a sold-out date's next dates with room are offered,
 * and choosing one quotes it.
 */
export function QuotedChangeBody({
  flow,
  variant,
  statusBefore,
  texts,
  onClose,
  pickDate,
  danger = false,
  children,
}: {
  flow: QuotedChange;
  variant: PreviewVariant;
  statusBefore: BookingStatus;
  texts: QuoteTexts;
  onClose(): void;
  pickDate?: DatePicking | undefined;
  /** Confirm in red (a cancellation). */
  danger?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { quote, mutation } = flow;
  const choice = flow.asksDestination;
  if (quote.isPending && quote.isFetching) {
    return (
      <Center py="xl" role="status" aria-label={texts.loading}>
        <Loader />
      </Center>
    );
  }
  if (quote.isError && !quote.data && !choice) {
    return (
      <ChangeProblem
        error={quote.error}
        onRetry={() => void quote.refetch()}
        onClose={onClose}
        pickDate={pickDate}
      />
    );
  }
  if (!quote.data && !choice) return null;
  return (
    <Stack gap="md" aria-busy={quote.isFetching}>
      {quote.data && <Preview quote={quote.data} variant={variant} statusBefore={statusBefore} />}
      {quote.data && children}
      {choice && (
        <Radio.Group
          label={t('cancel.refundTo')}
          value={flow.refundTo}
          onChange={flow.chooseDestination}
          data-testid="refund-destination"
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="card"
              label={t('cancel.toCard')}
              description={t('cancel.toCardHint')}
              disabled={mutation.isPending}
            />
            <Radio
              value="credit"
              label={t('cancel.toCredit')}
              description={t('cancel.toCreditHint')}
              disabled={mutation.isPending}
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
        <ChangeProblem
          error={quote.error}
          onRetry={() => void quote.refetch()}
          pickDate={pickDate}
        />
      )}
      {texts.warning && (
        <Alert color="terracotta" icon={<IconAlertTriangle aria-hidden />} p="xs" role="note">
          {texts.warning}
        </Alert>
      )}
      {mutation.isError && !quote.isError && (
        // A quote refused since is the newer news: it is shown instead.
        <ChangeProblem error={mutation.error} pickDate={pickDate} testId={`${variant}-problem`} />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={mutation.isPending} {...wrapping}>
          {texts.keep}
        </Button>
        <Button
          {...wrapping}
          // red.9: white text on it passes WCAG AA (Mantine's red.6 does not).
          color={danger ? 'red.9' : undefined}
          onClick={flow.confirm}
          loading={mutation.isPending}
          disabled={!flow.ready}
        >
          {texts.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * What the server refused, as it says it; after a sold-out date (409), the later dates with room
 * it offers, each a button that chooses it (when the dialog chooses dates). Try again and Close
 * when given.
 */
export function ChangeProblem({
  error,
  onRetry,
  onClose,
  pickDate,
  testId,
}: {
  error: unknown;
  onRetry?: () => void;
  onClose?: () => void;
  pickDate?: DatePicking | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const next = pickDate ? nextDatesOf(error, pickDate.current) : [];
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      {...(testId ? { 'data-testid': testId } : {})}
    >
      <Text mb={onRetry || onClose || next.length > 0 ? 'sm' : 0}>{errorMessage(error)}</Text>
      {next.length > 0 && pickDate && (
        <Stack gap={6} mb={onRetry || onClose ? 'sm' : 0}>
          <Text size="sm" fw={600} id={id}>
            {t('change.nextDates')}
          </Text>
          <Group gap="xs" role="group" aria-labelledby={id} data-testid="next-dates">
            {next.map((date) => (
              <Button key={date} size="sm" variant="default" onClick={() => pickDate.onPick(date)}>
                {formatLongDate(date, language)}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {(onRetry || onClose) && (
        <Group gap="sm">
          {onRetry && (
            <Button size="sm" variant="default" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          {onClose && (
            <Button size="sm" variant="subtle" onClick={onClose}>
              {t('common.close')}
            </Button>
          )}
        </Group>
      )}
    </Alert>
  );
}

/**
 * The quote: days before travel and the policy's share, the lines, and the figures after. A
 * cancellation's: paid, kept, refund, balance. A change's: paid, fee, the new price, refund,
 * balance and the status after; when the change leaves a booking that was confirmed awaiting
 * payment again (a new hold), it says plainly what must be paid to keep the seats.
 */
export function Preview({
  quote,
  variant,
  statusBefore,
}: {
  quote: ChangeQuoteAnswer;
  variant: PreviewVariant;
  statusBefore: BookingStatus;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  const linesId = `${variant}-lines`;
  const newHold =
    variant === 'change' &&
    quote.status === 'pending_payment' &&
    statusBefore !== 'pending_payment' &&
    quote.balance > 0;
  return (
    <>
      <div>
        <Text fw={600}>
          {quote.daysBefore > 0
            ? t(`${variant}.days`, { count: quote.daysBefore })
            : t('cancel.datePassed')}
        </Text>
        <Text size="sm" data-testid={`${variant}-policy`}>
          {quote.keepPercent > 0
            ? t(`${variant}.policy`, { percent: quote.keepPercent })
            : t(`${variant}.policyNone`)}
        </Text>
      </div>
      <section aria-labelledby={linesId}>
        <Title order={3} size="h5" id={linesId} mb="xs">
          {t(`${variant}.linesTitle`)}
        </Title>
        {quote.lines.length === 0 ? (
          <Text size="sm">{t(`${variant}.noLines`)}</Text>
        ) : (
          <DataTable
            labelledBy={linesId}
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
      {variant === 'cancel' ? (
        <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
          <Figure label={t('cancel.paid')} value={money(quote.paid)} testId="cancel-paid" />
          <Figure label={t('cancel.kept')} value={money(quote.total)} testId="cancel-kept" />
          <Figure
            label={t('cancel.refund')}
            value={money(quote.refund)}
            testId="cancel-refund"
            strong
          />
          <Figure
            label={t('cancel.balance')}
            value={money(quote.balance)}
            testId="cancel-balance"
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
          <Figure label={t('change.paid')} value={money(quote.paid)} testId="change-paid" />
          <Figure label={t('change.fee')} value={money(quote.fee)} testId="change-fee" />
          <Figure
            label={t('change.total')}
            value={money(quote.total)}
            testId="change-total"
            strong
          />
          <Figure label={t('change.refund')} value={money(quote.refund)} testId="change-refund" />
          <Figure
            label={t('change.balance')}
            value={money(quote.balance)}
            testId="change-balance"
            strong
          />
          <Figure
            label={t('change.statusAfter')}
            testId="change-status"
            value={
              <Badge variant="light" color={statusColors[quote.status]} c="dark.7">
                {t(`bookingStatus.${quote.status}`)}
              </Badge>
            }
          />
        </SimpleGrid>
      )}
      {newHold && (
        <Alert
          color="terracotta"
          icon={<IconClockExclamation aria-hidden />}
          role="note"
          data-testid="change-new-hold"
        >
          {t('change.newHold', { amount: money(quote.balance) })}
        </Alert>
      )}
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
  value: ReactNode;
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
