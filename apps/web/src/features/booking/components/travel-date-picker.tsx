import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { LocalDates } from '../../../components/local-dates.tsx';

export type TravelDatePickerProps = DatePickerInputProps<'default'> & {
  /** The visitor tapped the field before the picker was there: open it at once. */
  openAtOnce?: boolean;
  /** The field had the focus before the picker was there: keep it there. */
  focusAtOnce?: boolean;
};

/**
 * Mantine's date picker of the travel date, in the page's language (weeks from Monday): its code
 * and styles load after the booking page's first paint (travel-date.tsx, ADR 0053).
 */
export function TravelDatePicker({ openAtOnce, focusAtOnce, ...props }: TravelDatePickerProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the picker's first draw.
  useEffect(() => {
    if (focusAtOnce || openAtOnce) ref.current?.focus();
    if (openAtOnce) ref.current?.click();
  }, []);
  return (
    <LocalDates>
      <DatePickerInput ref={ref} {...props} />
    </LocalDates>
  );
}
