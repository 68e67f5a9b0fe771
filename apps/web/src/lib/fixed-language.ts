import type { Language } from '@cusco/shared';
import { useLayoutEffect, useState } from 'react';
import { i18n, loadLanguage, storedLanguage } from './i18n.ts';

/** The screen whose language is in effect, if any (see the restore in useFixedLanguage). */
let fixedBy: (() => void) | null = null;

/**
 * Shows a screen in a given language whatever the stored setting (spec §1: the booking page's
 * language comes from its route), and restores the setting when the screen closes. Answers
 * whether the language is in effect yet.
 */
export function useFixedLanguage(language: Language | null): boolean {
  const [active, setActive] = useState<Language | null>(null);
  useLayoutEffect(() => {
    if (!language) return;
    let open = true;
    const apply = () => {
      if (!open) return;
      void i18n.changeLanguage(language);
      document.documentElement.lang = language;
      setActive(language);
    };
    // Before the first paint when its texts are there (the app loads a booking page's language
    // before it starts); else once they are.
    if (i18n.hasResourceBundle(language, 'translation')) apply();
    else void loadLanguage(language).then(apply);
    fixedBy = apply;
    return () => {
      open = false;
      if (fixedBy === apply) fixedBy = null;
      // The stored language's texts may not be loaded yet (the app started on this page in its
      // own language): back to it once they are, unless another screen has fixed one meanwhile.
      const stored = storedLanguage();
      void loadLanguage(stored).then(() => {
        if (fixedBy !== null) return;
        void i18n.changeLanguage(stored);
        document.documentElement.lang = stored;
      });
    };
  }, [language]);
  return language !== null && active === language;
}
