import { type AdminReceiptItem, type VoidReceiptRequest, voidReceiptRequest } from '@cusco/shared';
import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import * as z from 'zod/mini';
import { FormModal } from '../../../../components/form-modal.tsx';
import {
  checkInvoiceForm,
  InvoiceFields,
  invoiceOf,
  useInvoiceForm,
} from '../../../../components/invoice/invoice-fields.tsx';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { useVoidReceipt } from '../../api/receipts-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';

/** Who the reissued receipt is for: the same customer, a company (factura), or a boleta. */
export type ReissueTo = 'same' | 'factura' | 'boleta';

const reasonSchema = z.pick(voidReceiptRequest, { reason: true });

/** The request of the dialog's choices (the factura's details when reissued to a company). */
export function voidRequestOf(
  reason: string,
  reissue: boolean,
  to: ReissueTo,
  invoice: VoidReceiptRequest['invoice'],
): VoidReceiptRequest {
  const body: VoidReceiptRequest = { reason: reason.trim(), reissue };
  if (!reissue || to === 'same') return body;
  return { ...body, invoice: to === 'boleta' ? null : invoice };
}

/**
 * Voids a receipt issued by mistake (a factura by a voiding notice, a boleta by the daily
 * summary) and, unless told not to, issues the same sale again to the same customer, to another
 * company's RUC, or as a boleta. The reason is asked; a last step confirms, since a voiding
 * cannot be undone.
 */
export function VoidReceiptModal({
  receipt,
  onClose,
}: {
  receipt: AdminReceiptItem | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  return (
    <FormModal
      opened={receipt !== null}
      onClose={onClose}
      title={t('receipts.voidTitle', { code: receipt?.code ?? '' })}
      size="lg"
    >
      {receipt && <VoidForm key={receipt.id} receipt={receipt} onClose={onClose} />}
    </FormModal>
  );
}

function VoidForm({ receipt, onClose }: { receipt: AdminReceiptItem; onClose(): void }) {
  const { t } = useAdminText();
  const voiding = useVoidReceipt();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '', reissue: true, to: 'same' as ReissueTo },
    validate: schemaResolver(reasonSchema),
  });
  const inputProps = useInputProps(form);
  const invoice = useInvoiceForm();
  const [confirming, setConfirming] = useState(false);
  const { reissue, to } = form.getValues();

  const review = form.onSubmit(() => {
    if (reissue && to === 'factura' && !checkInvoiceForm(invoice, 'void-invoice')) return;
    setConfirming(true);
  });
  const confirm = () => {
    const values = form.getValues();
    const body = voidRequestOf(
      values.reason,
      values.reissue,
      values.to,
      values.to === 'factura' ? invoiceOf(invoice.getValues()) : undefined,
    );
    voiding.mutate(
      { id: receipt.id, body },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('receipts.voided', { code: receipt.code }),
          });
          onClose();
        },
      },
    );
  };

  if (confirming) {
    return (
      <Stack>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          <Text fw={700}>{t('receipts.confirmVoid', { code: receipt.code })}</Text>
          <Text size="sm">
            {reissue ? t(`receipts.confirmReissue.${to}`) : t('receipts.confirmNoReissue')}
          </Text>
        </Alert>
        <ErrorAlert error={voiding.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('back')}
          </Button>
          <Button color="red" loading={voiding.isPending} onClick={confirm} data-autofocus>
            {t('receipts.voidConfirmButton', { code: receipt.code })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Stack>
        <Text size="sm">
          {t('receipts.voidIntro', {
            customer: `${receipt.customerName} (${receipt.customerDocument})`,
          })}
        </Text>
        <Textarea
          label={t('receipts.reason')}
          description={t('receipts.reasonHint')}
          required
          autosize
          minRows={2}
          maxLength={100}
          data-autofocus
          {...inputProps('reason')}
        />
        <Checkbox
          label={t('receipts.reissue')}
          {...form.getInputProps('reissue', { type: 'checkbox' })}
        />
        {reissue && (
          <Radio.Group label={t('receipts.reissueTo')} {...form.getInputProps('to')}>
            <Stack gap="xs" mt="xs">
              <Radio value="same" label={t('receipts.toSame')} />
              <Radio value="factura" label={t('receipts.toFactura')} />
              <Radio value="boleta" label={t('receipts.toBoleta')} />
            </Stack>
          </Radio.Group>
        )}
        {reissue && to === 'factura' && <InvoiceFields form={invoice} idPrefix="void-invoice" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red">
            {t('receipts.voidNext')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
