import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * The guide's app's texts (issue 32) live in their own namespace, `guide:`, loaded with its
 * screens: a customer's first load never carries them (as the back office's, features/admin).
 */
i18n.addResourceBundle('en', 'guide', en, true, true);
i18n.addResourceBundle('es', 'guide', es, true, true);
