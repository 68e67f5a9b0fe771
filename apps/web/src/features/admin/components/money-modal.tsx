import { ledgerAdjustmentRequest, offlinePaymentRequest, refundRequest } from '@cusco/shared';
import {
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { schemaResolver, useInputProps } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { randomId } from '../../../lib/ids.ts';
import { type MoneyAction, useMoneyAction } from '../api/admin-api.ts';
import { useAdminText } from '../i18n.ts';
import { ErrorAlert } from './error-alert.tsx';

/** What a money dialog is for: a booking's payment, discount or addition, or an attempt's refund. */
export type MoneyDialog =
  | { kind: 'payment' | 'discount' | 'addition'; code: string; debt: number }
  | { kind: 'refund'; code: string; debt: number; attemptId: string; refundable: number };

const schemas = {
  payment: offlinePaymentRequest,
  discount: ledgerAdjustmentRequest,
  addition: ledgerAdjustmentRequest,
  refund: refundRequest,
};

/**
 * The debt after the action: a payment or a discount lowers it; an addition or a refund where
 * the price stands raises it; a refund where the price drops leaves it as it is.
 */
function debtAfter(
  kind: MoneyDialog['kind'],
  debt: number,
  amount: number,
  reason?: unknown,
): number {
  if (kind === 'refund' && reason === 'price_drops') return debt;
  const sign = kind === 'addition' || kind === 'refund' ? 1 : -1;
  return Math.round((debt + sign * amount) * 100) / 100;
}

/**
 * A money action in two steps: the form, then a confirmation that shows the amount and the debt
 * it leaves; Back returns to the form as it was filled in. The dialog's Idempotency-Key is made
 * when it opens, so a double click, or a retry after a lost answer, records the action once.
 */
export function MoneyModal({ dialog, onClose }: { dialog: MoneyDialog | null; onClose(): void }) {
  const { t } = useAdminText();
  const [key, setKey] = useState(randomId);
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  /** What the form held when it was last reviewed: Back shows it again. */
  const [reviewed, setReviewed] = useState<Record<string, unknown> | null>(null);
  const action = useMoneyAction();
  const review = (body: Record<string, unknown>) => {
    setReviewed(body);
    setConfirming(body);
  };
  const close = () => {
    setConfirming(null);
    setReviewed(null);
    setKey(randomId());
    action.reset();
    onClose();
  };
  return (
    <FormModal
      opened={dialog !== null}
      onClose={close}
      title={dialog ? t(`money.${dialog.kind}Title`, { code: dialog.code }) : ''}
    >
      {dialog && !confirming && (
        <MoneyForm
          dialog={dialog}
          values={reviewed ?? initialValues(dialog)}
          onCancel={close}
          onReady={review}
        />
      )}
      {dialog && confirming && (
        <Confirmation
          dialog={dialog}
          body={confirming}
          pending={action.isPending}
          error={action.error}
          onBack={() => setConfirming(null)}
          onConfirm={() =>
            action.mutate(
              { action: toAction(dialog, confirming), key },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t('money.done') });
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

function toAction(dialog: MoneyDialog, body: Record<string, unknown>): MoneyAction {
  return dialog.kind === 'refund'
    ? { kind: 'refund', attemptId: dialog.attemptId, body }
    : { kind: dialog.kind, code: dialog.code, body };
}

function initialValues(dialog: MoneyDialog) {
  // The reason is the staff member's choice: none is chosen for them.
  if (dialog.kind === 'refund') return { amount: dialog.refundable, reason: '' };
  if (dialog.kind === 'payment') {
    return { amount: Math.max(dialog.debt, 0), method: 'cash', reference: '', note: '' };
  }
  return { amount: '' as number | '', reason: '' };
}

/**
 * The most the amount may be, and the server's own message when it is more: a payment or a
 * discount at most the balance due, a refund at most what the payment can still give back (an
 * addition has no limit). The server holds the same limits; this says so before asking it.
 */
function amountLimit(dialog: MoneyDialog) {
  switch (dialog.kind) {
    case 'payment':
      return { max: Math.max(dialog.debt, 0), key: 'msg:paymentOverDebt', param: 'debt' };
    case 'discount':
      return { max: Math.max(dialog.debt, 0), key: 'msg:discountOverDebt', param: 'debt' };
    case 'refund':
      return { max: dialog.refundable, key: 'msg:refundOverPaid', param: 'refundable' };
    default:
      return null;
  }
}

function MoneyForm({
  dialog,
  values,
  onCancel,
  onReady,
}: {
  dialog: MoneyDialog;
  /** The values the form starts with. */
  values: Record<string, unknown>;
  onCancel(): void;
  onReady(body: Record<string, unknown>): void;
}) {
  const { t } = useAdminText();
  const { t: text } = useTranslation();
  const language = useLanguage();
  const limit = amountLimit(dialog);
  const schemaErrors = schemaResolver(schemas[dialog.kind]);
  const form = useForm<Record<string, unknown>>({
    mode: 'controlled',
    initialValues: values,
    validate: (values) => {
      const errors = schemaErrors(values);
      if (dialog.kind === 'refund' && !values.reason) {
        errors.reason = t('ops.refund.reasonRequired');
      }
      if (!errors.amount && limit && Number(values.amount) > limit.max) {
        errors.amount = text(limit.key, { [limit.param]: formatMoney(limit.max, language) });
      }
      return errors;
    },
  });
  const inputProps = useInputProps(form);
  return (
    <form onSubmit={form.onSubmit((values) => onReady(values))} noValidate>
      <Stack>
        <Text size="sm">
          {t('money.currentDebt', { debt: formatMoney(dialog.debt, language) })}
        </Text>
        <NumberInput
          label={t('money.amount')}
          required
          allowNegative={false}
          decimalScale={2}
          prefix="$"
          thousandSeparator=","
          data-autofocus
          {...inputProps('amount')}
        />
        {dialog.kind === 'payment' && (
          <>
            <Select
              label={t('money.method')}
              data={['cash', 'transfer', 'card-terminal'].map((value) => ({
                value,
                label: t(`money.methods.${value}`),
              }))}
              allowDeselect={false}
              {...inputProps('method')}
            />
            <TextInput label={t('money.reference')} maxLength={100} {...inputProps('reference')} />
            <Textarea label={t('money.note')} autosize maxLength={500} {...inputProps('note')} />
          </>
        )}
        {dialog.kind === 'refund' && (
          <Radio.Group label={t('ops.refund.reason')} required {...inputProps('reason')}>
            <Stack gap="xs" mt={6}>
              <Radio
                value="price_stands"
                label={t('ops.refund.priceStands')}
                description={t('ops.refund.priceStandsHelp')}
              />
              <Radio
                value="price_drops"
                label={t('ops.refund.priceDrops')}
                description={t('ops.refund.priceDropsHelp')}
              />
            </Stack>
          </Radio.Group>
        )}
        {(dialog.kind === 'discount' || dialog.kind === 'addition') && (
          <Textarea
            label={t('money.reason')}
            required
            autosize
            maxLength={300}
            {...inputProps('reason')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit">{t('money.review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function Confirmation({
  dialog,
  body,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  dialog: MoneyDialog;
  body: Record<string, unknown>;
  pending: boolean;
  error: unknown;
  onBack(): void;
  onConfirm(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const amount = Number(body.amount);
  // The form that had the focus is gone: a keyboard user lands on Confirm (Back is one Shift+Tab).
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <Stack>
      <Text data-testid="money-confirmation">
        {t(`money.${dialog.kind}Confirm`, {
          amount: formatMoney(amount, language),
          code: dialog.code,
        })}
      </Text>
      {dialog.kind === 'refund' && (
        <Text size="sm">
          {t(
            body.reason === 'price_drops'
              ? 'ops.refund.priceDropsConfirm'
              : 'ops.refund.priceStandsConfirm',
            { amount: formatMoney(amount, language) },
          )}
        </Text>
      )}
      <Text fw={600} data-testid="money-debt-after">
        {t('money.debtAfter', {
          before: formatMoney(dialog.debt, language),
          after: formatMoney(debtAfter(dialog.kind, dialog.debt, amount, body.reason), language),
        })}
      </Text>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          {t('back')}
        </Button>
        <Button
          ref={confirm}
          color={dialog.kind === 'refund' ? 'red' : undefined}
          loading={pending}
          onClick={onConfirm}
        >
          {t('money.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
