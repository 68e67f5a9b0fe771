import type { PassengerRegistryItem } from '@cusco/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactFields } from './contact-fields.tsx';
import { EmergencyFields } from './emergency-fields.tsx';
import { IdentityFields } from './identity-fields.tsx';
import { TravelFields } from './travel-fields.tsx';
import type { PassengerFields } from './use-passenger-fields.ts';

/**
 * The passenger form (spec §2/§4/§5), as the customer and staff at the desk both fill it: the
 * problem above it, its identity, contact and travel sections, what the caller adds after them
 * (the customer's passport scan, or a note that staff cannot upload it), then Cancel and Save.
 */
export function PassengerForm({
  fields,
  slot,
  travelDate,
  onSubmit,
  onCancel,
  saving,
  children,
}: {
  fields: PassengerFields;
  slot: PassengerRegistryItem;
  travelDate: string;
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  onCancel(): void;
  saving: boolean;
  /** Shown after the sections, before the buttons. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, problem, top, isStudent } = fields;
  return (
    <form
      onSubmit={onSubmit}
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
        <EmergencyFields form={form} />
        {children}
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
