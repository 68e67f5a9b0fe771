import { type InvoiceDetails, invoiceDetails } from '@cusco/shared';
import { Stack, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { schemaResolver, useInputProps } from '../../lib/forms.ts';

/** A factura's customer as typed: a RUC, its legal name and fiscal address. */
export type InvoiceValues = {
  ruc: string;
  legalName: string;
  fiscalAddress: string;
};

export const emptyInvoice: InvoiceValues = { ruc: '', legalName: '', fiscalAddress: '' };

export type InvoiceForm = UseFormReturnType<InvoiceValues>;

/**
 * The factura's details (issue 30), checked with the shared `invoiceDetails` schema: the RUC's
 * check digit, the legal name and the fiscal address; its messages come from the shared catalog.
 */
export function useInvoiceForm(initial?: InvoiceDetails | null): InvoiceForm {
  return useForm<InvoiceValues>({
    mode: 'controlled',
    initialValues: initial ? { ...initial } : emptyInvoice,
    validate: schemaResolver(invoiceDetails),
  });
}

/** The values as the API takes them (trimmed), once the form validated them. */
export function invoiceOf(values: InvoiceValues): InvoiceDetails {
  return {
    ruc: values.ruc.trim(),
    legalName: values.legalName.trim(),
    fiscalAddress: values.fiscalAddress.trim(),
  };
}

/**
 * Validates the form; on a problem, focuses its first wrong field (by its id) and answers false.
 */
export function checkInvoiceForm(form: InvoiceForm, idPrefix: string): boolean {
  const result = form.validate();
  if (!result.hasErrors) return true;
  const first = (['ruc', 'legalName', 'fiscalAddress'] as const).find(
    (field) => result.errors[field],
  );
  if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  return false;
}

/**
 * The RUC, the legal name and the fiscal address, each labelled, required and said wrong by its
 * own message; `idPrefix` keeps their ids unique on a page.
 */
export function InvoiceFields({
  form,
  idPrefix,
  disabled = false,
}: {
  form: InvoiceForm;
  idPrefix: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const inputProps = useInputProps(form);
  return (
    <Stack gap="sm">
      <TextInput
        id={`${idPrefix}-ruc`}
        label={t('receipts.invoice.ruc')}
        description={t('receipts.invoice.rucHint')}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        disabled={disabled}
        {...inputProps('ruc')}
      />
      <TextInput
        id={`${idPrefix}-legalName`}
        label={t('receipts.invoice.legalName')}
        required
        autoComplete="organization"
        maxLength={200}
        disabled={disabled}
        {...inputProps('legalName')}
      />
      <TextInput
        id={`${idPrefix}-fiscalAddress`}
        label={t('receipts.invoice.fiscalAddress')}
        required
        autoComplete="street-address"
        maxLength={200}
        disabled={disabled}
        {...inputProps('fiscalAddress')}
      />
    </Stack>
  );
}
