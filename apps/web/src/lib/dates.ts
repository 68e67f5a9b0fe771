import { isIsoDate } from '@cusco/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './i18n.ts';

/**
 * Reads a date typed as DD/MM/YYYY (also with - or . as separators, or already as YYYY-MM-DD)
 * and answers it as YYYY-MM-DD, or null when it is no real date.
 */
export function parseDayMonthYear(value: string): string | null {
  const text = value.trim();
  if (isIsoDate(text)) return text;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

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
