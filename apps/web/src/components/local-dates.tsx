import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useLanguage } from '../lib/i18n.ts';

/**
 * Mantine's date pickers in the app's language, weeks starting on Monday. The pickers' code and
 * styles load with the screens that pick a date, not with every screen's first load.
 */
export function LocalDates({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>{children}</DatesProvider>
  );
}
