import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The back office's texts live in their own namespace, loaded with its screens: a customer's
 * first load never carries them.
 */
i18n.addResourceBundle('en', 'admin', en, true, true);
i18n.addResourceBundle('es', 'admin', es, true, true);

/** `t` of the back office's texts. */
export function useAdminText() {
  return useTranslation('admin');
}
