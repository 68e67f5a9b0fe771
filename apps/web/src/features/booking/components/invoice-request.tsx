import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InvoiceFields } from '../../../components/invoice/invoice-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  INVOICE_FIELDS_ID,
  type InvoiceRequest as InvoiceState,
} from '../hooks/use-invoice-request.ts';

/**
 * "I need a factura (RUC)" on step 3 (issue 30): ticked, the company's RUC, legal name and fiscal
 * address. They are sent once the booking is saved, before the checkout opens; refused, the
 * booking stays saved and the form says why, to be corrected before paying.
 */
export function InvoiceRequest({ invoice }: { invoice: InvoiceState }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('receipts.booking.want')}
        description={t('receipts.booking.wantHint')}
        checked={invoice.wanted}
        onChange={(event) => invoice.setWanted(event.currentTarget.checked)}
        disabled={invoice.sent}
      />
      {invoice.wanted && (
        <fieldset
          style={{ border: 0, padding: 0, margin: 0 }}
          aria-label={t('receipts.invoice.title')}
        >
          <InvoiceFields form={invoice.form} idPrefix={INVOICE_FIELDS_ID} disabled={invoice.sent} />
        </fieldset>
      )}
      {invoice.sent && (
        <Text size="sm" role="status">
          {t('receipts.booking.sent')}
        </Text>
      )}
      {invoice.error ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {t('receipts.booking.failed', { message: errorMessage(invoice.error) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
