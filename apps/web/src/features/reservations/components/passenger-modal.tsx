import type { PassengerRegistryItem } from '@cusco/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useClientRecord } from '../api/passengers.ts';
import { ContactFields } from './passenger/contact-fields.tsx';
import { IdentityFields } from './passenger/identity-fields.tsx';
import { ScanUpload } from './passenger/scan-upload.tsx';
import { TravelFields } from './passenger/travel-fields.tsx';
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
        <PassengerForm
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

/** The passenger form: its sections, the problem above them, Cancel and Save. */
function PassengerForm({
  slot,
  bookingCode,
  travelDate,
  record,
  onCancel,
  onSaved,
}: PassengerFormOptions & { onCancel(): void }) {
  const { t } = useTranslation();
  const { form, scan, problem, top, submit, saving, isStudent } = usePassengerForm({
    slot,
    bookingCode,
    travelDate,
    record,
    onSaved,
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('passenger.titleEdit', { number: slot.number, type: slot.type })}
    >
      <Stack gap="md" ref={top}>
        {problem && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title={t('common.error')}
          >
            {problem}
          </Alert>
        )}
        <IdentityFields form={form} slot={slot} travelDate={travelDate} isStudent={isStudent} />
        <ContactFields form={form} />
        <TravelFields form={form} />
        <ScanUpload scan={scan} storedUrl={record?.urlFile ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('passenger.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
