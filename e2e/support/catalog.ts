import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Catalog = { [key: string]: string | Catalog | unknown[] };

const locales = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales',
);
const catalogs: Record<'en' | 'es', Catalog> = {
  en: JSON.parse(readFileSync(path.join(locales, 'en.json'), 'utf8')),
  es: JSON.parse(readFileSync(path.join(locales, 'es.json'), 'utf8')),
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
  let entry: unknown = catalogs[language];
  for (const part of key.split('.')) {
    entry = (entry as Catalog | undefined)?.[part];
  }
  if (typeof entry !== 'string') throw new Error(`No text ${key} in ${language}`);
  return entry.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  );
}
