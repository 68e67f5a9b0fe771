import { Fieldset, SimpleGrid } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassengerFormApi } from './form-values.ts';
import { PassengerOptionSelect, PassengerText } from './passenger-inputs.tsx';

/** The travel section's choices, each from its option list, followed by its optional remarks. */
const travelChoices = [
  {
    list: 'FoodPreference',
    name: 'foodPreferencesId',
    label: 'passenger.foodPreference',
    remarks: [
      ['foodObservation', 'passenger.foodRemarks'],
      ['allergyObservation', 'passenger.allergies'],
      ['medicalRequirement', 'passenger.medical'],
    ],
  },
  {
    list: 'TrekkingExperience',
    name: 'trekkingExperienceId',
    label: 'passenger.trekkingExperience',
    remarks: [['trekkingExperienceObservation', 'passenger.trekkingRemarks']],
  },
  {
    list: 'TravelPurpose',
    name: 'travelPurposeId',
    label: 'passenger.travelPurpose',
    remarks: [['travelPurposeObservation', 'passenger.travelPurposeRemarks']],
  },
] as const;

/** The travel section: food, health, trekking experience and the purpose of the trip. */
export function TravelFields({ form }: { form: PassengerFormApi }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('passenger.sections.travel')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {travelChoices.map(({ list, name, label, remarks }) => (
          <Fragment key={name}>
            <PassengerOptionSelect form={form} name={name} label={t(label)} list={list} />
            {remarks.map(([remark, remarkLabel]) => (
              <PassengerText
                key={remark}
                form={form}
                name={remark}
                label={t(remarkLabel)}
                required={false}
              />
            ))}
          </Fragment>
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
