/**
 * Tour addresses (issue 33): a tour's slug in a language, from its name and its length, e.g.
 * "Classic Inca Trail", 4 days, 3 nights → `classic-inca-trail-4d-3n`; in Spanish "Camino Inca
 * Clásico" → `camino-inca-clasico-4d-3n`. Pure: the API stores them (with their history, so an
 * old address keeps answering with a redirect) and the pages link to them.
 */

/** The longest slug, suffix included: readable in a link, far from any URL limit. */
export const SLUG_MAX_LENGTH = 80;

/** What a valid slug looks like: lowercase ASCII words joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The languages the public pages are in, as they appear in their addresses. */
export const PAGE_LANGUAGES = ['en', 'es'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** Lowercase ASCII words of a text joined by dashes: accents dropped, ñ → n, apostrophes gone. */
export function slugWords(text: string): string {
  return (
    text
      .normalize('NFKD')
      // The accents (combining marks) NFKD split off: á → a, ñ → n, ü → u.
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/æ/g, 'ae')
      .replace(/ø/g, 'o')
      // An apostrophe joins its word: "Salkantay's" → "salkantays", not "salkantay-s".
      .replace(/['’‘`´]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      // One dash at most at either end after the line above.
      .replace(/^-|-$/g, '')
  );
}

/**
 * Cuts a slug's words to `max` characters at the last dash when it is past the middle, else at
 * `max` (one very long word). Words are joined by single dashes, so what is kept never ends with
 * one: a cut at a dash stops before it, and a dash at `max - 1` is past the middle.
 */
function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max);
  const dash = head.lastIndexOf('-');
  return dash > max / 2 ? head.slice(0, dash) : head;
}

/**
 * A tour's slug: its name's words, then its days and nights (`4d-3n`; a day trip `1d`), at most
 * SLUG_MAX_LENGTH characters (the name is shortened, the length is kept). `taken` says whether a
 * slug already belongs to another tour in the language: then `-2`, `-3`… is added.
 */
export function tourSlug(
  tour: { name: string; days: number; nights: number },
  taken: (slug: string) => boolean,
): string {
  const length = tour.nights > 0 ? `${tour.days}d-${tour.nights}n` : `${tour.days}d`;
  // A name that already gives its length ("Choquequirao Trek 4D/3N") does not say it twice.
  const words =
    `-${slugWords(tour.name)}-`.replace(`-${length}-`, '-').replace(/^-|-$/g, '') || 'tour';
  for (let n = 1; ; n++) {
    const tail = n === 1 ? length : `${length}-${n}`;
    const slug = `${cut(words, SLUG_MAX_LENGTH - tail.length - 1)}-${tail}`;
    if (!taken(slug)) return slug;
  }
}

/** Whether an address's segment may be a slug (checked before any database read). */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/** Whether an address's segment is one of the pages' languages. */
export function isPageLanguage(value: string): value is PageLanguage {
  return (PAGE_LANGUAGES as readonly string[]).includes(value);
}
