import { type Language, messageCatalog } from '@cusco/shared';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';

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

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en, msg: messageCatalog('en'), field: fieldMessages.en },
    es: { translation: es, msg: messageCatalog('es'), field: fieldMessages.es },
  },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language;

export function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
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
