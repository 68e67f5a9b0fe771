import type { PassengerRegistryItem } from '@cusco/shared';
import { Alert, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { FormModal } from '../../../../components/form-modal.tsx';
import { PassengerForm } from '../../../../components/passenger-form/passenger-form.tsx';
import {
  type PassengerFieldsOptions,
  usePassengerFields,
} from '../../../../components/passenger-form/use-passenger-fields.ts';
import { errorMessage } from '../../../../lib/api-client.ts';
import { showSuccess } from '../../../../lib/error-modal.tsx';
import { useStaffPassengerRecord, useStaffSavePassenger } from '../../api/desk-api.ts';
import { useAdminText } from '../../i18n.ts';

export interface StaffPassengerModalProps {
  slot: PassengerRegistryItem | null;
  bookingCode: string;
  /** The booking's travel date: passengers' ages are counted on it. */
  travelDate: string;
  onClose(): void;
}

/**
 * Staff fill or edit a passenger's details at the desk (issue 28): the customer's own form and
 * checks (components/passenger-form), a registered passenger loaded first, saved through the
 * staff's routes (audited) and the booking read again. The passport scan stays the customer's
 * to upload, and the form says so.
 */
export function StaffPassengerModal({
  slot,
  bookingCode,
  travelDate,
  onClose,
}: StaffPassengerModalProps) {
  const { t } = useAdminText();
  const record = useStaffPassengerRecord(bookingCode, slot?.clientId ?? null);
  const title = slot
    ? t(slot.clientId ? 'deskPassenger.editTitle' : 'deskPassenger.addTitle', {
        number: slot.number,
        type: slot.type,
      })
    : '';
  return (
    <FormModal
      opened={slot !== null}
      onClose={onClose}
      title={title}
      size="xl"
      loading={slot?.clientId && record.isPending ? t('deskPassenger.loading') : undefined}
    >
      {slot?.clientId && record.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(record.error)}
        </Alert>
      )}
      {slot && (!slot.clientId || record.data) && (
        <StaffPassengerForm
          key={`${slot.id}:${record.dataUpdatedAt}`}
          slot={slot}
          bookingCode={bookingCode}
          travelDate={travelDate}
          record={record.data ?? null}
          onClose={onClose}
        />
      )}
    </FormModal>
  );
}

/** The shared passenger form, saved by staff; a note in place of the passport scan. */
function StaffPassengerForm({ onClose, ...options }: PassengerFieldsOptions & { onClose(): void }) {
  const { t } = useAdminText();
  const fields = usePassengerFields(options);
  const save = useStaffSavePassenger();
  // mutateAsync, not mutate's callbacks: the save reads the booking's queries again, the record
  // among them, and its new answer remounts this form (its key) before the save settles; the
  // callbacks of an unmounted form's mutate never run, and the dialog stayed open (seen on
  // PostgreSQL, whose answers came in that order).
  const submit = fields.submitWith((payload, fail) =>
    save
      .mutateAsync({ slotId: options.slot.id, clientId: options.slot.clientId, payload })
      .then(() => {
        onClose();
        showSuccess(t('deskPassenger.savedTitle'), t('deskPassenger.savedText'));
      }, fail),
  );
  return (
    <PassengerForm
      fields={fields}
      slot={options.slot}
      travelDate={options.travelDate}
      onSubmit={submit}
      onCancel={onClose}
      saving={save.isPending}
    >
      <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle aria-hidden />}>
        <Text size="sm">{t('deskPassenger.noScan')}</Text>
      </Alert>
    </PassengerForm>
  );
}
