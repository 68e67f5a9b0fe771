import {
  type DocumentChangesAnswer,
  documentChangeFields,
  type PassengerRegistryItem,
} from '@cusco/shared';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/form-modal.tsx';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useCountries } from '../../../../lib/countries.ts';
import { showSuccess } from '../../../../lib/error-modal.tsx';
import { formatLongDate, formatMoney } from '../../../../lib/format.ts';
import { schemaResolver, useErrorText, useInputProps } from '../../../../lib/forms.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useOptionList } from '../../../../lib/queries/option-lists.ts';
import { useRequestDocumentChange } from '../../api/document-changes.ts';
import { useClientRecord } from '../../api/passengers.ts';
import { ScanField, useScan } from './scan-field.tsx';

type Field = 'lastName' | 'documentNumber' | 'documentTypeId' | 'countryId';
const fields: Field[] = ['lastName', 'documentNumber', 'countryId', 'documentTypeId'];

/**
 * "Request a document change" for a locked passenger (issue 29): the new last name and/or
 * passport number (and the new document's nationality and type), the scans of the old and the
 * new document, what it costs and until when; then a review of the change and the fee before it
 * is sent.
 */
export function DocumentChangeDialog({
  code,
  slot,
  terms,
  onClose,
}: {
  code: string;
  slot: PassengerRegistryItem;
  terms: Pick<DocumentChangesAnswer, 'fee' | 'lastDay'>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useErrorText();
  const record = useClientRecord(slot.clientId);
  const countries = useCountries();
  const documentTypes = useOptionList('DocumentType');
  const send = useRequestDocumentChange(code);
  const [reviewing, setReviewing] = useState(false);
  const oldScan = useScan();
  const newScan = useScan();
  const form = useForm({
    mode: 'controlled',
    initialValues: { lastName: '', documentNumber: '', documentTypeId: '', countryId: '' },
    validate: schemaResolver(documentChangeFields),
  });
  const inputProps = useInputProps(form);
  const fee = formatMoney(terms.fee, language);
  const lastDay = formatLongDate(terms.lastDay, language);
  const current: Record<Field, string | null> = {
    lastName: record.data?.lastname ?? null,
    documentNumber: record.data?.documentnumber ?? null,
    countryId: record.data?.countryid ?? null,
    documentTypeId: record.data?.documenttypeid ?? null,
  };
  const labelOf = (field: Field, value: string | null) => {
    if (!value) return '—';
    if (field === 'countryId')
      return countries.data?.find((country) => country.value === value)?.label ?? value;
    if (field === 'documentTypeId')
      return documentTypes.data?.find((item) => item.value === value)?.label ?? value;
    return value;
  };
  const now = (field: Field) => t('docChange.now', { value: labelOf(field, current[field]) });

  const review = form.onSubmit(() => {
    if (!oldScan.file) oldScan.setError('fileMissing');
    if (!newScan.file) newScan.setError('fileMissing');
    if (!oldScan.file || !newScan.file || oldScan.error || newScan.error) return;
    setReviewing(true);
  });
  const confirm = () => {
    if (!oldScan.file || !newScan.file) return;
    send.mutate(
      {
        slotId: slot.id,
        ...form.getValues(),
        oldDocument: oldScan.file,
        newDocument: newScan.file,
      },
      {
        onSuccess: () => {
          showSuccess(t('docChange.sentTitle'), t('docChange.sentText', { fee }));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || !error.field) return;
          setReviewing(false);
          if (error.field === 'oldDocument') oldScan.setError(error.message);
          else if (error.field === 'newDocument') newScan.setError(error.message);
          else if (error.field in form.getValues()) form.setFieldError(error.field, error.message);
        },
      },
    );
  };
  const changed = fields.filter((field) => form.getValues()[field].trim() !== '');
  const sendError =
    send.error && !(send.error instanceof ApiError && send.error.field) ? send.error : null;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('docChange.title', { number: slot.number })}
      size="lg"
    >
      {reviewing ? (
        <Stack gap="md">
          <Text>{t('docChange.reviewIntro', { name: slot.name })}</Text>
          <Stack gap={4} component="ul" style={{ margin: 0, paddingInlineStart: 20 }}>
            {changed.map((field) => (
              <Text component="li" key={field} data-testid={`doc-change-review-${field}`}>
                {t('docChange.reviewLine', {
                  field: t(`docChange.fields.${field}`),
                  before: labelOf(field, current[field]),
                  after: labelOf(field, form.getValues()[field].trim()),
                })}
              </Text>
            ))}
          </Stack>
          <Alert color="yellow" variant="light" data-testid="doc-change-fee">
            {t('docChange.reviewFee', { fee })}
          </Alert>
          {sendError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {errorMessage(sendError)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setReviewing(false)} disabled={send.isPending}>
              {t('common.back')}
            </Button>
            <Button onClick={confirm} loading={send.isPending}>
              {t('docChange.send')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={review} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('docChange.intro', { name: slot.name })}</Text>
            <Alert color="blue" variant="light" data-testid="doc-change-terms">
              {t('docChange.terms', { fee, date: lastDay })}
            </Alert>
            <TextInput
              label={t('docChange.fields.lastName')}
              description={now('lastName')}
              maxLength={50}
              autoComplete="off"
              {...inputProps('lastName')}
            />
            <TextInput
              label={t('docChange.fields.documentNumber')}
              description={now('documentNumber')}
              maxLength={50}
              autoComplete="off"
              {...inputProps('documentNumber')}
            />
            <Select
              label={t('docChange.fields.countryId')}
              description={now('countryId')}
              placeholder={t('docChange.unchanged')}
              data={countries.data ?? []}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              nothingFoundMessage={t('account.noCountry')}
              {...inputProps('countryId')}
              value={form.getValues().countryId || null}
              onChange={(value) => form.setFieldValue('countryId', value ?? '')}
            />
            <Select
              label={t('docChange.fields.documentTypeId')}
              description={now('documentTypeId')}
              placeholder={t('docChange.unchanged')}
              data={documentTypes.data ?? []}
              clearable
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              {...inputProps('documentTypeId')}
              value={form.getValues().documentTypeId || null}
              onChange={(value) => form.setFieldValue('documentTypeId', value ?? '')}
            />
            <ScanField
              scan={oldScan}
              name="oldDocument"
              label={t('docChange.oldDocument')}
              errorText={oldScan.error ? String(errorText(oldScan.error)) : undefined}
            />
            <ScanField
              scan={newScan}
              name="newDocument"
              label={t('docChange.newDocument')}
              errorText={newScan.error ? String(errorText(newScan.error)) : undefined}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={oldScan.preparing || newScan.preparing}>
                {t('docChange.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormModal>
  );
}
