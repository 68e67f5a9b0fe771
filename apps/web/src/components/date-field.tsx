import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';

export interface DateFieldProps
  extends Omit<DateInputProps, 'minDate' | 'maxDate' | 'onChange' | 'dateParser'> {
  /** The first and last days the calendar offers (YYYY-MM-DD). */
  minDate: string;
  maxDate: string;
  onChange?(value: string | null): void;
}

// Mantine's date pickers (and their styles) load when a date field is first drawn, not with the
// screen's first load (ADR 0053): the sign-up form, the passenger forms and the staff's modals.
const DateFieldInput = lazy(() =>
  import('./date-field-input.tsx').then((module) => ({ default: module.DateFieldInput })),
);

/**
 * A date typed as DD/MM/YYYY or picked from a calendar that offers only the days from `minDate`
 * to `maxDate` (see date-field-input.tsx). Until the pickers' code is there, the same field,
 * read-only, in the same place and size.
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<DateFieldPlaceholder {...props} />}>
      <DateFieldInput {...props} />
    </Suspense>
  );
}

function DateFieldPlaceholder(props: DateFieldProps) {
  const value = typeof props.value === 'string' && props.value ? props.value : null;
  return (
    <TextInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      required={props.required}
      error={props.error}
      disabled={props.disabled}
      size={props.size}
      w={props.w}
      maw={props.maw}
      className={props.className}
      style={props.style}
      readOnly
      value={value ? dayjs(value).format('DD/MM/YYYY') : ''}
    />
  );
}
