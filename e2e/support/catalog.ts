import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Catalog = { [key: string]: string | Catalog | unknown[] };

const locales = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales',
);
const read = (dir: string, language: 'en' | 'es'): Catalog =>
  JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
const catalogs: Record<'en' | 'es', Catalog> = { en: read(locales, 'en'), es: read(locales, 'es') };
/** The back office's own namespace (loaded with its screens). */
const adminLocales = path.resolve(locales, '../features/admin/locales');
const adminCatalogs: Record<'en' | 'es', Catalog> = {
  en: read(adminLocales, 'en'),
  es: read(adminLocales, 'es'),
};

/**
 * The web app's text for `key` ("booking.info.itinerary") in a language, with its {{values}}: for
 * tests that walk every screen in both languages and name what they click by the app's own words.
 */
export function webText(
  language: 'en' | 'es',
  key: string,
  values: Record<string, string | number> = {},
): string {
  return textOf(catalogs[language], language, key, values);
}

/** The back office's text for `key`, as webText; `count` picks the _one or _other form. */
export function adminText(
  language: 'en' | 'es',
  key: string,
  values: Record<string, string | number> = {},
): string {
  const plural = typeof values.count === 'number' ? (values.count === 1 ? '_one' : '_other') : '';
  return textOf(adminCatalogs[language], language, `${key}${plural}`, values);
}

function textOf(
  catalog: Catalog,
  language: 'en' | 'es',
  key: string,
  values: Record<string, string | number>,
): string {
  let entry: unknown = catalog;
  for (const part of key.split('.')) {
    entry = (entry as Catalog | undefined)?.[part];
  }
  if (typeof entry !== 'string') throw new Error(`No text ${key} in ${language}`);
  return entry.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  );
}
