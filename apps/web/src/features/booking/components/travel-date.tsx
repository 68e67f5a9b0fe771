import { TravelDatePicker, type TravelDatePickerProps } from './travel-date-picker.tsx';

const loadPicker = () => import('./travel-date-picker.tsx');

/**
 * The travel date's field: Mantine's date picker, with the page's first load. Drawing a stand-in
 * first and the picker after it (ADR 0053) let a tap land while one replaced the other, and the
 * calendar then stayed shut or opened and shut at once (browser tests saw both): the 13 KB are
 * worth a field that always answers the first tap.
 */
export function TravelDateField(props: TravelDatePickerProps) {
  return <TravelDatePicker {...props} />;
}

/** For tests and for a screen that knows the calendar is coming. */
export { loadPicker as preloadTravelDatePicker };
