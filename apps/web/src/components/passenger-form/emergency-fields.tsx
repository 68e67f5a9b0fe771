import { EMERGENCY_NAME_MAX_LENGTH, MAX_LENGTH } from '@cusco/shared';
import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PassengerFormApi } from './form-values.ts';
import { PassengerText } from './passenger-inputs.tsx';

/**
 * Whom the guide calls if something happens on the trail (issue 29): a name and a phone, both
 * optional; they are on the guide's manifest.
 */
export function EmergencyFields({ form }: { form: PassengerFormApi }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('passenger.sections.emergency')}>
      <Text size="sm" mb="xs">
        {t('passenger.emergencyHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PassengerText
          form={form}
          name="emergencyContactName"
          label={t('passenger.emergencyName')}
          required={false}
          maxLength={EMERGENCY_NAME_MAX_LENGTH}
          autoComplete="off"
        />
        <PassengerText
          form={form}
          name="emergencyContactPhone"
          label={t('passenger.emergencyPhone')}
          required={false}
          type="tel"
          maxLength={MAX_LENGTH.text}
          autoComplete="off"
        />
      </SimpleGrid>
    </Fieldset>
  );
}
