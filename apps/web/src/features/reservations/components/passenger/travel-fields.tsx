import { Fieldset, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOptionList } from '../../api/options.ts';
import type { PassengerFormApi } from './form-values.ts';
import { PassengerSelect, PassengerText } from './passenger-inputs.tsx';

/** The travel section: food, health, trekking experience and the purpose of the trip. */
export function TravelFields({ form }: { form: PassengerFormApi }) {
  const { t } = useTranslation();
  const foodPreferences = useOptionList('FoodPreference');
  const trekking = useOptionList('TrekkingExperience');
  const purposes = useOptionList('TravelPurpose');
  return (
    <Fieldset legend={t('passenger.sections.travel')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PassengerSelect
          form={form}
          name="foodPreferencesId"
          label={t('passenger.foodPreference')}
          data={foodPreferences.data}
        />
        <PassengerText
          form={form}
          name="foodObservation"
          label={t('passenger.foodRemarks')}
          required={false}
        />
        <PassengerText
          form={form}
          name="allergyObservation"
          label={t('passenger.allergies')}
          required={false}
        />
        <PassengerText
          form={form}
          name="medicalRequirement"
          label={t('passenger.medical')}
          required={false}
        />
        <PassengerSelect
          form={form}
          name="trekkingExperienceId"
          label={t('passenger.trekkingExperience')}
          data={trekking.data}
        />
        <PassengerText
          form={form}
          name="trekkingExperienceObservation"
          label={t('passenger.trekkingRemarks')}
          required={false}
        />
        <PassengerSelect
          form={form}
          name="travelPurposeId"
          label={t('passenger.travelPurpose')}
          data={purposes.data}
        />
        <PassengerText
          form={form}
          name="travelPurposeObservation"
          label={t('passenger.travelPurposeRemarks')}
          required={false}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
