import { isIsoDate } from '@cusco/shared';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './i18n.ts';

/**
 * Reads a date typed as DD/MM/YYYY (also with - or . as separators, or already as YYYY-MM-DD)
 * and answers it as YYYY-MM-DD, or null when it is no real date.
 */
export function parseDayMonthYear(value: string): string | null {
  const text = value.trim();
  if (isIsoDate(text)) return text;
  // Strict: 31/02/2026 is no date (dayjs would otherwise roll it over to March).
  const date = dayjs(text, typedFormats, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

dayjs.extend(customParseFormat);

/** The ways a day can be typed: day, month and a four-digit year, by /, - or ., padded or not. */
const typedFormats = ['/', '-', '.'].flatMap((separator) =>
  ['DD', 'D'].flatMap((day) => ['MM', 'M'].map((month) => [day, month, 'YYYY'].join(separator))),
);

/** Accessible names for the calendar's controls and days, in the app's language. */
export function useCalendarLabels() {
  const { t } = useTranslation();
  const language = useLanguage();
  return {
    ariaLabels: {
      nextMonth: t('common.calendar.nextMonth'),
      previousMonth: t('common.calendar.previousMonth'),
      nextYear: t('common.calendar.nextYear'),
      previousYear: t('common.calendar.previousYear'),
      nextDecade: t('common.calendar.nextDecade'),
      previousDecade: t('common.calendar.previousDecade'),
      monthLevelControl: t('common.calendar.monthLevel'),
      yearLevelControl: t('common.calendar.yearLevel'),
    },
    getDayAriaLabel: (date: string) => dayjs(date).locale(language).format('dddd D MMMM YYYY'),
  };
}
