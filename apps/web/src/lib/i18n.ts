import type { Language } from '@cusco/shared';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

export const LANGUAGE_KEY = 'language';

/** Spec §1: Spanish unless the stored setting is 'en'. */
export function storedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'es';
}

/**
 * Short field-level versions of catalogue messages: under a field, "This field is required"
 * reads better than the form-level sentence. Any other key falls back to the catalogue.
 */
const fieldMessages = {
  en: { required: 'This field is required' },
  es: { required: 'Este campo es obligatorio' },
};

/**
 * Each language's texts (the app's and the API messages' catalogues) are a chunk of their own: a
 * visitor downloads the language they read, and the other only if they switch to it.
 */
const catalogues = {
  en: () => Promise.all([import('../locales/en.json'), import('@cusco/shared/locales/en.json')]),
  es: () => Promise.all([import('../locales/es.json'), import('@cusco/shared/locales/es.json')]),
};

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  // Every language has every text (tests hold both catalogues to the same keys).
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads a language's texts, once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const [app, messages] = await catalogues[language]();
  i18n.addResourceBundle(language, 'translation', app.default, true, true);
  i18n.addResourceBundle(language, 'msg', messages.default, true, true);
  i18n.addResourceBundle(language, 'field', fieldMessages[language], true, true);
}

/**
 * Loads the texts the first screen is shown in (the app renders once they are there): the stored
 * language's, or the page's own when the address fixes one (a public booking page), so that a
 * visitor does not download a language the page will not show.
 */
export async function startI18n(pageLanguage?: Language): Promise<void> {
  const language = pageLanguage ?? storedLanguage();
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export async function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'es';
}

/** The language the app currently speaks; use it in query keys of content that depends on it. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return instance.language === 'en' ? 'en' : 'es';
}

export { i18n };
