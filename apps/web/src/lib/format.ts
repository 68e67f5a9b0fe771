import type { Language } from '@cusco/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/es';

const locales: Record<Language, string> = { en: 'en-US', es: 'es-PE' };

/** US dollars, as the agency sells: "$1,290.00" / "US$ 1,290.00". */
export function formatMoney(dollars: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], { style: 'currency', currency: 'USD' }).format(
    dollars,
  );
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
  return new Intl.DateTimeFormat(locales[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(moment));
}
