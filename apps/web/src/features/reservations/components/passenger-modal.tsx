import type { PassengerRegistryItem } from '@cusco/shared';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { PassengerForm } from '../../../components/passenger-form/passenger-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useClientRecord } from '../api/passengers.ts';
import { ScanUpload } from './passenger/scan-upload.tsx';
import { type PassengerFormOptions, usePassengerForm } from './passenger/use-passenger-form.ts';

export interface PassengerModalProps {
  slot: PassengerRegistryItem | null;
  bookingCode: string;
  /** The booking's travel date: passengers' ages are counted on it. */
  travelDate: string;
  onClose(): void;
  onSaved(): void;
}

/**
 * Spec §2/§4/§5 passenger edit: every field of the passenger form, the rules of its customer type,
 * and the optional passport scan. A registered passenger is loaded first (with a loader, no fixed wait).
 */
export function PassengerModal({
  slot,
  bookingCode,
  travelDate,
  onClose,
  onSaved,
}: PassengerModalProps) {
  const { t } = useTranslation();
  const record = useClientRecord(slot?.clientId ?? null);
  const title = slot ? t('passenger.titleEdit', { number: slot.number, type: slot.type }) : '';

  return (
    <FormModal
      opened={slot !== null}
      onClose={onClose}
      title={title}
      size="xl"
      loading={slot?.clientId && record.isPending ? t('passenger.loading') : undefined}
    >
      {slot?.clientId && record.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {errorMessage(record.error)}
        </Alert>
      )}
      {slot && (!slot.clientId || record.data) && (
        <CustomerPassengerForm
          key={`${slot.id}:${record.dataUpdatedAt}`}
          slot={slot}
          bookingCode={bookingCode}
          travelDate={travelDate}
          record={record.data ?? null}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </FormModal>
  );
}

/** The customer's passenger form: the shared form, with the optional passport scan. */
function CustomerPassengerForm({
  record,
  onCancel,
  ...options
}: PassengerFormOptions & { onCancel(): void }) {
  const { fields, scan, submit, saving } = usePassengerForm({ record, ...options });
  return (
    <PassengerForm
      fields={fields}
      slot={options.slot}
      travelDate={options.travelDate}
      onSubmit={submit}
      onCancel={onCancel}
      saving={saving}
    >
      <ScanUpload scan={scan} storedUrl={record?.urlFile ?? null} />
    </PassengerForm>
  );
}
