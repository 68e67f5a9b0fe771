import type { Language } from '@cusco/shared';
import { matchPath } from 'react-router';
import { paths } from '../config/paths.ts';

/**
 * Spec §2: a public booking page's language comes from its route (0 or none English, 1 Spanish),
 * whatever the stored setting; anything else is an error, reported by the page.
 */
export function bookingPageLanguage(param: string | undefined): Language | 'invalid' {
  if (param === undefined || param === '0') return 'en';
  if (param === '1') return 'es';
  return 'invalid';
}

/**
 * The language an address's screen is shown in when it is not the stored one (a public booking
 * page's): the app starts in it, so that the page never shows in another language first.
 */
export function pageLanguageOf(hash: string): Language | undefined {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  const booking = matchPath(paths.booking.pattern, path);
  if (!booking) return undefined;
  const language = bookingPageLanguage(booking.params.lang);
  return language === 'invalid' ? undefined : language;
}
