import { Fieldset, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useJobs } from '../../lib/queries/option-lists.ts';
import type { PassengerFormApi } from './form-values.ts';
import { PassengerSelect, PassengerText } from './passenger-inputs.tsx';

/** The contact section: e-mail, phone and occupation. */
export function ContactFields({ form }: { form: PassengerFormApi }) {
  const { t } = useTranslation();
  const jobs = useJobs();
  return (
    <Fieldset legend={t('passenger.sections.contact')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PassengerText form={form} name="eMail" label={t('passenger.email')} type="email" />
        <PassengerText form={form} name="mobileNumber" label={t('passenger.phone')} type="tel" />
        <PassengerSelect
          form={form}
          name="jobId"
          label={t('passenger.occupation')}
          data={jobs.data}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
