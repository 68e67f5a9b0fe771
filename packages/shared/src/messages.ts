/**
 * The catalogue of validation and business messages, shared by the API (error bodies) and the
 * web app (forms and alerts). Schemas carry these keys as their error messages; each side turns
 * a key into text in the caller's language. Placeholders use i18next's {{name}} syntax. The texts
 * live in one JSON file per language (locales/), as the web app's own catalogues do.
 */
import en from './locales/en.json';
import es from './locales/es.json';

export type Language = 'en' | 'es';

/** The English or the Spanish of something, in a language: the one place that chooses. */
export function inLanguage<T>(language: Language, english: T, spanish: T): T {
  return language === 'en' ? english : spanish;
}

/** The name of a bilingual row (its `nameEn` and `nameEs`) in a language. */
export function nameIn(row: { nameEn: string; nameEs: string }, language: Language): string {
  return inLanguage(language, row.nameEn, row.nameEs);
}

/** i18next's plural suffixes: a message counted has `key_one`, `key_other` (…) instead of `key`. */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A catalogue key, without its plural suffix. */
type Unsuffixed<K> = K extends `${infer Base}_${PluralForm}` ? Base : K;

/**
 * The English catalogue names every message: its keys are the message keys, a counted message's
 * (`notEnoughSeats_one`, `notEnoughSeats_other`) without its plural suffix (`notEnoughSeats`).
 */
export type MessageKey = Unsuffixed<keyof typeof en>;

/**
 * The catalogue of each language (locales/en.json, locales/es.json), checked to hold a text for
 * every key (test/messages.test.ts: the same keys, and no other, in both).
 */
const catalogues: Record<Language, Record<string, string>> = { en, es };

export function isMessageKey(value: unknown): value is MessageKey {
  return (
    typeof value === 'string' &&
    !PLURAL_SUFFIX.test(value) &&
    (Object.hasOwn(en, value) || Object.hasOwn(en, `${value}_other`))
  );
}

/**
 * The text of a message in a language: a counted message's form for `count` (the language's
 * plural rules, as i18next chooses them in the web app; `_other` when no count is given).
 */
function textOf(key: MessageKey, language: Language, count: unknown): string {
  const catalogue = catalogues[language];
  const single = catalogue[key];
  if (single !== undefined) return single;
  const form = typeof count === 'number' ? new Intl.PluralRules(language).select(count) : 'other';
  return catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`] ?? key;
}

/** `text` with its {{placeholders}} filled from `params`; one not given is left as it is. */
export function fillPlaceholders(
  text: string,
  params: Record<string, string | number> = {},
): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Text of a message in a language, with its {{placeholders}} filled. A counted message (one
 * with plural forms) takes its number as `count`, as i18next's `t` does.
 */
export function translate(
  key: MessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders(textOf(key, language, params.count), params);
}

/**
 * The catalogue of one language, as i18next resources want it (a copy: i18next may add to it).
 * Counted messages keep their plural keys (`key_one`, `key_other`), which i18next reads.
 */
export function messageCatalog(language: Language): Record<string, string> {
  return { ...catalogues[language] };
}
