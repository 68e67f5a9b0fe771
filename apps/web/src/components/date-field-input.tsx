import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDayMonthYear } from '../lib/dates.ts';
import { LocalDates } from './local-dates.tsx';

export interface DateFieldProps
  extends Omit<DateInputProps, 'minDate' | 'maxDate' | 'onChange' | 'dateParser'> {
  /** The first and last days the calendar offers (YYYY-MM-DD). */
  minDate: string;
  maxDate: string;
  onChange?(value: string | null): void;
}

/**
 * A date typed as DD/MM/YYYY or picked from a calendar that offers only the days from `minDate`
 * to `maxDate`. A real date typed outside them is kept as the field's value (Mantine's DateInput
 * would drop it, and the field would silently read empty), so that the form's rule says why it
 * does not fit, e.g. "This birth date does not match a child passenger".
 */
export function DateFieldInput({ minDate, maxDate, onChange, onInput, ...props }: DateFieldProps) {
  return (
    <LocalDates>
      <DateInput
        valueFormat="DD/MM/YYYY"
        {...props}
        dateParser={parseDayMonthYear}
        minDate={minDate}
        maxDate={maxDate}
        onChange={onChange}
        onInput={(event) => {
          onInput?.(event);
          const typed = parseDayMonthYear(event.currentTarget.value);
          if (typed && (typed < minDate || typed > maxDate)) onChange?.(typed);
        }}
      />
    </LocalDates>
  );
}
