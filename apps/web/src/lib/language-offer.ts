import type { Language } from '@cusco/shared';
import { LANGUAGE_KEY } from './i18n.ts';

const ours: Language[] = ['en', 'es'];

/**
 * The language to offer a visitor (issue 28), if any: the spec's rule stays (Spanish unless the
 * stored setting is English), but when nothing is stored and the browser prefers another of our
 * languages than the one shown (the first of `navigator.languages` that we have), that one is
 * offered. A stored setting, chosen or the offer dismissed, means no offer.
 */
export function languageToOffer(
  shown: Language,
  preferred: readonly string[] = navigator.languages ?? [navigator.language],
  stored: string | null = localStorage.getItem(LANGUAGE_KEY),
): Language | null {
  if (stored) return null;
  const first = preferred
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find((base): base is Language => ours.includes(base as Language));
  return first && first !== shown ? first : null;
}
