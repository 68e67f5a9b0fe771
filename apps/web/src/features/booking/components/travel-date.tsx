import { InputBase } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLanguage } from '../../../lib/i18n.ts';
import type { TravelDatePickerProps } from './travel-date-picker.tsx';

const loadPicker = () => import('./travel-date-picker.tsx');
const TravelDatePicker = lazy(() =>
  loadPicker().then((module) => ({ default: module.TravelDatePicker })),
);

/**
 * The travel date's field. The page is drawn with the field as a plain button showing the chosen
 * date, the same size and in the same place; the calendar's code (Mantine's date pickers, about
 * 13 KB gzip with their styles) loads as soon as the page is drawn, and takes its place. A tap on the field before then opens the calendar once it is there.
 */
export function TravelDateField(props: TravelDatePickerProps) {
  const [wanted, setWanted] = useState<{ open: boolean; focus: boolean } | null>(null);
  // Right after the page is drawn (not with its first load): a field tapped while the picker
  // loads is redrawn under the finger (see TravelDatePlaceholder), so the window is kept short.
  useEffect(() => setWanted((now) => now ?? { open: false, focus: false }), []);
  const placeholder = (
    <TravelDatePlaceholder
      {...props}
      onWant={(open, focus) => setWanted((now) => (now?.open ? now : { open, focus }))}
    />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TravelDatePicker {...props} openAtOnce={wanted.open} focusAtOnce={wanted.focus} />
    </Suspense>
  );
}

function TravelDatePlaceholder({
  onWant,
  ...props
}: TravelDatePickerProps & { onWant(open: boolean, focus: boolean): void }) {
  const language = useLanguage();
  const value = typeof props.value === 'string' ? props.value : null;
  return (
    <InputBase
      component="button"
      type="button"
      label={props.label}
      leftSection={props.leftSection}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
      errorProps={props.errorProps}
      maw={props.maw}
      data-field={(props as { 'data-field'?: string })['data-field']}
      aria-describedby={props['aria-describedby']}
      aria-haspopup="dialog"
      onFocus={() => onWant(false, true)}
      // At the press, not the click: the press starts loading the picker, which can redraw the
      // field before the button is released, and a click then never comes.
      onPointerDown={() => onWant(true, true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onWant(true, true);
      }}
      onClick={() => onWant(true, true)}
      pointer
    >
      {value
        ? dayjs(value)
            .locale(language)
            .format(props.valueFormat ?? 'D MMMM YYYY')
        : null}
    </InputBase>
  );
}

/** For tests and for a screen that knows the calendar is coming. */
export { loadPicker as preloadTravelDatePicker };
