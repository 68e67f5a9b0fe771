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

/** The English catalogue names every message: its keys are the message keys. */
export type MessageKey = keyof typeof en;

/**
 * The catalogue of each language (locales/en.json, locales/es.json), checked to hold a text for
 * every key (test/messages.test.ts: the same keys, and no other, in both).
 */
const catalogues: Record<Language, Record<MessageKey, string>> = { en, es };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
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

/** Text of a message in a language, with its {{placeholders}} filled. */
export function translate(
  key: MessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders(catalogues[language][key], params);
}

/** The catalogue of one language, as i18next resources want it (a copy: i18next may add to it). */
export function messageCatalog(language: Language): Record<MessageKey, string> {
  return { ...catalogues[language] };
}
