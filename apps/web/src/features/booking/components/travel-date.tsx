import { InputBase, type InputBaseProps, Loader } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/i18n.ts';
import { loadSoon } from '../../../lib/on-demand.ts';
import type { TravelCalendarOptions } from './travel-date-calendar.tsx';

const loadCalendar = () => import('./travel-date-calendar.tsx');
const TravelCalendar = lazy(() =>
  loadCalendar().then((module) => ({ default: module.TravelCalendar })),
);

export interface TravelDateFieldProps
  extends Pick<InputBaseProps, 'leftSection' | 'required' | 'disabled' | 'error' | 'errorProps'> {
  label: string;
  value: string | null;
  onChange(date: string): void;
  /** How the chosen date is written in the field (dayjs), in the page's language. */
  valueFormat: string;
  /** The calendar's days, range and labels. */
  calendar: TravelCalendarOptions;
  maw?: number;
  'data-field'?: string;
  'aria-describedby'?: string;
  placeholder?: ReactNode;
}

/**
 * The travel date's field: a button showing the chosen date, drawn with the page, that opens the
 * calendar in a dialog. The button is never replaced (ADR 0053: swapping a stand-in for Mantine's
 * date input under a tap left the calendar shut), so a tap always lands; only the calendar's code
 * (Mantine's date pickers and the dialog, about 25 KB gzip) loads on demand: when the visitor
 * first touches the page or the browser is idle, and at the latest with the tap, the field then
 * showing a loader until it is there.
 */
export function TravelDateField({
  label,
  value,
  onChange,
  valueFormat,
  calendar,
  placeholder,
  ...field
}: TravelDateFieldProps) {
  const language = useLanguage();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on, so that the dialog can animate its closing.
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => loadSoon(loadCalendar), []);
  const close = () => {
    setOpened(false);
    button.current?.focus();
  };
  return (
    <>
      <InputBase
        {...field}
        ref={button}
        component="button"
        type="button"
        label={label}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-busy={opened && !ready ? true : undefined}
        onClick={() => {
          setWanted(true);
          setOpened((now) => !now);
        }}
        rightSection={opened && !ready ? <Loader size="xs" aria-hidden /> : undefined}
        pointer
      >
        {value ? dayjs(value).locale(language).format(valueFormat) : placeholder}
      </InputBase>
      {wanted ? (
        <Suspense fallback={null}>
          <TravelCalendar
            {...calendar}
            opened={opened}
            title={label}
            value={value}
            onPick={(date) => {
              onChange(date);
              close();
            }}
            onClose={close}
          />
          <Ready onReady={() => setReady(true)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Drawn once the calendar's code is there (inside its Suspense boundary). */
function Ready({ onReady }: { onReady(): void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the calendar arrives.
  useEffect(onReady, []);
  return null;
}
