import {
  maxDocumentExpiry,
  type PassengerRegistryItem,
  passengerBirthDateBounds,
} from '@cusco/shared';
import { Fieldset, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../lib/countries.ts';
import { useInputProps } from '../../lib/forms.ts';
import { useOptionList } from '../../lib/queries/option-lists.ts';
import { dayMonthYear, type PassengerFormApi } from './form-values.ts';
import { LockNotice, useLockNotes } from './lock-notice.tsx';
import {
  lockedProps,
  PassengerDate,
  PassengerOptionSelect,
  PassengerSelect,
  PassengerText,
} from './passenger-inputs.tsx';

/** The identity section: who the passenger is, then the travel document. */
export function IdentityFields({
  form,
  slot,
  travelDate,
  isStudent,
}: {
  form: PassengerFormApi;
  slot: PassengerRegistryItem;
  travelDate: string;
  isStudent: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('passenger.sections.identity')}>
      <LockNotice slot={slot} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PersonFields form={form} slot={slot} travelDate={travelDate} />
        <DocumentFields form={form} slot={slot} isStudent={isStudent} />
      </SimpleGrid>
    </Fieldset>
  );
}

/** Names, country, birth date (within the ages of the slot's type), sex and marital status. */
function PersonFields({
  form,
  slot,
  travelDate,
}: {
  form: PassengerFormApi;
  slot: PassengerRegistryItem;
  travelDate: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const locked = useLockNotes(slot);
  // Spec §9's ages of the slot's type, counted on the travel date, as the API checks them.
  const birthDates = passengerBirthDateBounds(slot.typeId, travelDate);
  return (
    <>
      <PassengerText
        form={form}
        name="firstName"
        label={t('passenger.firstName')}
        lockedNote={locked.names}
      />
      <PassengerText
        form={form}
        name="lastName"
        label={t('passenger.lastName')}
        lockedNote={locked.names}
      />
      <PassengerSelect
        form={form}
        name="countryId"
        label={t('passenger.country')}
        data={countries.data}
        lockedNote={locked.nationality}
      />
      <PassengerDate
        form={form}
        name="birthDate"
        label={t('passenger.birthDate')}
        maxDate={birthDates.max}
        required
        minDate={birthDates.min}
        description={t('passenger.birthDateRange', {
          type: slot.type,
          from: dayMonthYear(birthDates.min),
          to: dayMonthYear(birthDates.max),
        })}
        lockedNote={locked.birthDate}
      />
      <PassengerOptionSelect form={form} name="sexId" label={t('passenger.sex')} list="sex" />
      <PassengerOptionSelect
        form={form}
        name="maritalStatusId"
        label={t('passenger.maritalStatus')}
        list="MaritalStatus"
      />
    </>
  );
}

/** The document's type, number and expiry; a student's card expiry too. */
function DocumentFields({
  form,
  slot,
  isStudent,
}: {
  form: PassengerFormApi;
  slot: PassengerRegistryItem;
  isStudent: boolean;
}) {
  const { t } = useTranslation();
  const inputProps = useInputProps(form);
  const documentTypes = useOptionList('DocumentType');
  const locked = useLockNotes(slot);
  return (
    <>
      <Select
        label={t('passenger.documentType')}
        data={documentTypes.data ?? []}
        required
        allowDeselect={false}
        placeholder={t('passenger.choose')}
        {...inputProps('documentTypeId')}
        {...lockedProps(locked.documentNumber)}
        onChange={(value) => {
          // Spec §5: changing the document type clears the document's expiry date.
          form.setFieldValue('documentTypeId', value ?? '');
          form.setFieldValue('expirationDate', '');
        }}
      />
      <PassengerText
        form={form}
        name="documentNumber"
        label={t('passenger.documentNumber')}
        lockedNote={locked.documentNumber}
      />
      <PassengerDate
        form={form}
        name="expirationDate"
        label={t('passenger.documentExpiry')}
        maxDate={maxDocumentExpiry()}
        required={false}
      />
      {isStudent && (
        <PassengerDate
          form={form}
          name="dateExpirationCard"
          label={t('passenger.cardExpiry')}
          maxDate={maxDocumentExpiry()}
          required
        />
      )}
    </>
  );
}
