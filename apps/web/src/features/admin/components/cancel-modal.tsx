import type { ChangeQuoteAnswer, RefundDestination, StaffChangeRequest } from '@cusco/shared';
import { Button, Group, NumberInput, Radio, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useInputProps } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { randomId } from '../../../lib/ids.ts';
import { useStaffChange, useStaffChangeQuote } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { ErrorAlert } from './error-alert.tsx';

/** The booking a cancellation is for: its code, what it has paid, and whether it is on credit. */
export interface CancelTarget {
  code: string;
  /** Paid, net of refunds (dollars): the most a refund can be. */
  paid: number;
  /** A corporate booking on credit: its refund is always the company's credit. */
  corporate: boolean;
}

type CancelValues = {
  by: 'customer' | 'agency';
  refundTo: RefundDestination;
  /** A refund other than the policy's, in dollars; empty for the policy's. */
  overrideRefund: number | '';
  reason: string;
};

const initialValues: CancelValues = {
  by: 'customer',
  refundTo: 'card',
  overrideRefund: '',
  reason: '',
};

/** The staff call a form's values make. */
function requestOf(values: CancelValues): StaffChangeRequest {
  return {
    change: { kind: 'cancel', refundTo: values.refundTo },
    byAgency: values.by === 'agency',
    ...(values.overrideRefund === '' ? {} : { overrideRefund: Number(values.overrideRefund) }),
    reason: values.reason.trim(),
  };
}

/** What the preview confirms: the call, its quote, and the Idempotency-Key of that call. */
interface Preview {
  values: CancelValues;
  body: StaffChangeRequest;
  quote: ChangeQuoteAnswer;
  key: string;
}

/**
 * Staff cancel a booking (issue 27) in two steps. The form: on the customer's behalf (under the
 * tour's policy) or for the agency (weather, a closed trail: everything paid is given back), where
 * the refund goes, an optional refund of the staff's own, and the reason, required for the agency
 * or an override. Preview asks the server what it would do (the admin quote: every line with its
 * reason, the refund, the balance, the status after); Confirm does it, with the preview's
 * Idempotency-Key, so that a retry after a lost answer cancels once. The server's refusals are
 * shown in the step that asked; Back returns to the form as it was filled in.
 */
export function CancelBookingModal({
  target,
  onClose,
}: {
  target: CancelTarget | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [values, setValues] = useState<CancelValues>(initialValues);
  const quote = useStaffChangeQuote();
  const change = useStaffChange();
  const close = () => {
    setPreview(null);
    setValues(initialValues);
    quote.reset();
    change.reset();
    onClose();
  };
  return (
    <FormModal
      opened={target !== null}
      onClose={close}
      title={target ? t('cancelBooking.title', { code: target.code }) : ''}
      loading={quote.isPending ? t('cancelBooking.previewing') : undefined}
    >
      {target && !preview && (
        <CancelForm
          target={target}
          values={values}
          quote={quote}
          onCancel={close}
          onPreview={(next, body, answer) => {
            setValues(next);
            change.reset();
            setPreview({ values: next, body, quote: answer, key: randomId() });
          }}
        />
      )}
      {target && preview && (
        <CancelPreview
          code={target.code}
          preview={preview}
          pending={change.isPending}
          error={change.error}
          onBack={() => {
            change.reset();
            setPreview(null);
          }}
          onConfirm={() =>
            change.mutate(
              { code: target.code, body: preview.body, key: preview.key },
              {
                onSuccess: (answer) => {
                  notifications.show({
                    color: 'teal',
                    message: t('cancelBooking.done', {
                      refund: formatMoney(answer.refund, language),
                    }),
                  });
                  close();
                },
              },
            )
          }
        />
      )}
    </FormModal>
  );
}

function CancelForm({
  target,
  values,
  quote,
  onCancel,
  onPreview,
}: {
  target: CancelTarget;
  values: CancelValues;
  quote: ReturnType<typeof useStaffChangeQuote>;
  onCancel(): void;
  onPreview(values: CancelValues, body: StaffChangeRequest, answer: ChangeQuoteAnswer): void;
}) {
  const { t } = useAdminText();
  const { t: text } = useTranslation();
  const language = useLanguage();
  const paid = formatMoney(target.paid, language);
  const form = useForm<CancelValues>({
    mode: 'controlled',
    initialValues: values,
    validate: {
      overrideRefund: (value) => {
        if (value === '') return null;
        const amount = Number(value);
        if (!Number.isFinite(amount) || amount < 0) return t('cancelBooking.overrideInvalid');
        if (Math.round(amount * 100) > Math.round(target.paid * 100)) {
          return text('msg:refundOverPaid', { refundable: paid });
        }
        return null;
      },
      reason: (value, all) =>
        (all.by === 'agency' || all.overrideRefund !== '') && value.trim() === ''
          ? t('cancelBooking.reasonRequired')
          : null,
    },
  });
  const inputProps = useInputProps(form);
  const reasonRequired = form.values.by === 'agency' || form.values.overrideRefund !== '';
  const submit = form.onSubmit((next) => {
    const body = requestOf(next);
    quote.mutate(
      { code: target.code, body },
      {
        onSuccess: (answer) => onPreview(next, body, answer),
        onError: (error) => {
          // A refusal about one field is said under it (a reason missing, a refund over paid).
          const field = error instanceof ApiError ? error.field : undefined;
          if (field === 'reason' || field === 'overrideRefund') {
            form.setFieldError(field, error.message);
          }
        },
      },
    );
  });
  const fieldRefusal =
    quote.error instanceof ApiError &&
    (quote.error.field === 'reason' || quote.error.field === 'overrideRefund');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Radio.Group label={t('cancelBooking.by')} {...inputProps('by')}>
          <Stack gap="xs" mt={6}>
            <Radio
              value="customer"
              label={t('cancelBooking.byCustomer')}
              description={t('cancelBooking.byCustomerHelp')}
            />
            <Radio
              value="agency"
              label={t('cancelBooking.byAgency')}
              description={t('cancelBooking.byAgencyHelp')}
            />
          </Stack>
        </Radio.Group>
        {target.corporate ? (
          <Text size="sm">{t('cancelBooking.corporateCredit')}</Text>
        ) : (
          <Radio.Group
            label={t('cancelBooking.refundTo')}
            description={t('cancelBooking.refundToHelp')}
            {...inputProps('refundTo')}
          >
            <Group gap="md" mt={6}>
              <Radio value="card" label={t('cancelBooking.refundToCard')} />
              <Radio value="credit" label={t('cancelBooking.refundToCredit')} />
            </Group>
          </Radio.Group>
        )}
        <NumberInput
          label={t('cancelBooking.override')}
          description={t('cancelBooking.overrideHelp', { paid })}
          min={0}
          allowNegative={false}
          decimalScale={2}
          prefix="$"
          thousandSeparator=","
          {...inputProps('overrideRefund')}
        />
        <Textarea
          label={t('cancelBooking.reason')}
          description={t('cancelBooking.reasonHelp')}
          required={reasonRequired}
          autosize
          minRows={2}
          maxLength={300}
          {...inputProps('reason')}
        />
        {!fieldRefusal && <ErrorAlert error={quote.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancelBooking.keep')}
          </Button>
          <Button type="submit" loading={quote.isPending}>
            {t('cancelBooking.preview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CancelPreview({
  code,
  preview,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  code: string;
  preview: Preview;
  pending: boolean;
  error: unknown;
  onBack(): void;
  onConfirm(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const { quote, values } = preview;
  const money = (amount: number) => formatMoney(amount, language);
  // The form that had the focus is gone: a keyboard user lands on Confirm (Back is one Shift+Tab).
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const refundLabel =
    quote.refundTo === 'credit'
      ? t('cancelBooking.refundAsCredit')
      : quote.refundTo === 'card'
        ? t('cancelBooking.refundToCardShort')
        : t('cancelBooking.refunded');
  return (
    <Stack>
      <Text data-testid="cancel-summary">
        {t(
          values.by === 'agency' ? 'cancelBooking.summaryAgency' : 'cancelBooking.summaryCustomer',
          {
            code,
            count: quote.daysBefore,
          },
        )}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" captionSide="top">
          <Table.Caption>{t('cancelBooking.lines')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bookingScreen.description')}</Table.Th>
              <Table.Th ta="right">{t('money.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines are shown once, in order.
              <Table.Tr key={index}>
                <Table.Td>{line.reason}</Table.Td>
                <Table.Td ta="right">{money(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}>
        <Term label={t('cancelBooking.paid')} value={money(quote.paid)} />
        <Term label={t('cancelBooking.kept')} value={money(quote.total)} />
        <Term label={refundLabel} value={money(quote.refund)} testId="cancel-refund" strong />
        <Term label={t('cancelBooking.balance')} value={money(quote.balance)} />
      </dl>
      <Text fw={600} data-testid="cancel-status-after">
        {t('cancelBooking.statusAfter', { status: t(`lifeStatus.${quote.status}`) })}
      </Text>
      {values.reason.trim() && (
        <Text size="sm">
          {t('cancelBooking.reason')}: {values.reason.trim()}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('cancelBooking.cannotUndo')}
      </Text>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          {t('back')}
        </Button>
        <Button ref={confirm} color="red" loading={pending} onClick={onConfirm}>
          {t('cancelBooking.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function Term({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <>
      <Text component="dt" size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={strong ? 700 : 400} ta="right" m={0} data-testid={testId}>
        {value}
      </Text>
    </>
  );
}
