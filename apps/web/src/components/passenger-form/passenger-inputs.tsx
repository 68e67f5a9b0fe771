import { MAX_LENGTH, MIN_DATE, type OptionListKey } from '@cusco/shared';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCalendarLabels } from '../../lib/dates.ts';
import { useInputProps } from '../../lib/forms.ts';
import { useOptionList } from '../../lib/queries/option-lists.ts';
import { DateField } from '../date-field.tsx';
import type { PassengerFormApi, PassengerFormValues } from './form-values.ts';

type FieldName = keyof PassengerFormValues;

/** A short text field of the passenger form (required unless told). */
export function PassengerText({
  form,
  name,
  label,
  required = true,
  type = 'text',
  maxLength = MAX_LENGTH.text,
  autoComplete,
  lockedNote,
}: {
  form: PassengerFormApi;
  name: FieldName;
  label: string;
  required?: boolean;
  type?: string;
  maxLength?: number;
  autoComplete?: string;
  /** The field is locked (issue 29): read-only, with this said under it. */
  lockedNote?: string;
}) {
  const inputProps = useInputProps(form);
  return (
    <TextInput
      label={label}
      maxLength={maxLength}
      autoComplete={autoComplete}
      required={required}
      type={type}
      {...inputProps(name)}
      {...lockedProps(lockedNote)}
    />
  );
}

/** A locked field's props (issue 29): read-only, its note under it; nothing when not locked. */
export function lockedProps(note: string | undefined) {
  return note ? { readOnly: true, description: note } : {};
}

/** A choice from a reference list; a long list can be searched. */
export function PassengerSelect({
  form,
  name,
  label,
  data,
  required = true,
  lockedNote,
}: {
  form: PassengerFormApi;
  name: FieldName;
  label: string;
  data: { value: string; label: string }[] | undefined;
  required?: boolean;
  /** The field is locked (issue 29): read-only, with this said under it. */
  lockedNote?: string;
}) {
  const { t } = useTranslation();
  const inputProps = useInputProps(form);
  return (
    <Select
      label={label}
      data={data ?? []}
      searchable={!lockedNote && (data?.length ?? 0) > 10}
      required={required}
      allowDeselect={!required}
      placeholder={t('passenger.choose')}
      {...inputProps(name)}
      {...lockedProps(lockedNote)}
    />
  );
}

/** A required choice from one of the option lists (optionlist/listbykey/{list}). */
export function PassengerOptionSelect({
  form,
  name,
  label,
  list,
}: {
  form: PassengerFormApi;
  name: FieldName;
  label: string;
  list: OptionListKey;
}) {
  const options = useOptionList(list);
  return <PassengerSelect form={form} name={name} label={label} data={options.data} />;
}

/** A date of the passenger form, checked as soon as it is left. */
export function PassengerDate({
  form,
  name,
  label,
  maxDate,
  required,
  minDate = MIN_DATE,
  description,
  lockedNote,
}: {
  form: PassengerFormApi;
  name: 'birthDate' | 'expirationDate' | 'dateExpirationCard';
  label: string;
  maxDate: string;
  required: boolean;
  minDate?: string;
  description?: string;
  /** The field is locked (issue 29): read-only, with this said under it instead. */
  lockedNote?: string;
}) {
  const { t } = useTranslation();
  const inputProps = useInputProps(form);
  const calendarLabels = useCalendarLabels();
  return (
    <DateField
      {...(description === undefined ? {} : { description })}
      label={label}
      placeholder={t('common.datePlaceholder')}
      minDate={minDate}
      maxDate={maxDate}
      defaultLevel={name === 'birthDate' ? 'decade' : 'month'}
      defaultDate={name === 'birthDate' ? maxDate : undefined}
      clearable={!required}
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      required={required}
      {...calendarLabels}
      {...inputProps(name)}
      {...lockedProps(lockedNote)}
      value={form.values[name] || null}
      onChange={(value) => form.setFieldValue(name, value ?? '')}
      // A date is checked as soon as the field is left (an empty one waits for Save).
      onBlur={() => {
        if (form.getValues()[name]) form.validateField(name);
      }}
    />
  );
}
