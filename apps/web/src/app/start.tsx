import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage, startI18n, storedLanguage } from '../lib/i18n.ts';
import { pageLanguageOf } from '../lib/page-language.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './app.tsx';
import { restoreOfflineData } from './offline-data.tsx';
import { preloadScreenData } from './preload-data.ts';
import { startServiceWorker } from './pwa.tsx';
import { preloadScreen } from './router.tsx';

/** Starts the app in `root`: main.tsx's last step, once React and Mantine have run (ADR 0061). */
export function startApp(root: HTMLElement) {
  // The texts of the first screen's language, the screen's code and the screen's data first, side
  // by side (index.html paints the agency's mark meanwhile). The first render waits for the texts
  // and the code, not the data: the screen shows its own loader until the data arrives. The first
  // render is a transition: React yields to the browser between pieces of it instead of holding the
  // main thread for the whole page (a phone stays responsive).
  const { hash } = window.location;
  const queryClient = createQueryClient();
  preloadScreenData(hash, queryClient);
  const pageLanguage = pageLanguageOf(hash);
  // A signed-in user's copies kept for offline use come back meanwhile (issue 32): nothing loads for
  // a visitor who is not signed in.
  void Promise.all([
    startI18n(pageLanguage),
    preloadScreen(hash),
    restoreOfflineData(queryClient),
  ]).then(() => {
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
    // The service worker once the page has loaded and the browser is idle (app/pwa.tsx).
    startServiceWorker();
    // A booking page in another language than the stored one: the stored one's texts follow at the
    // visitor's first touch or key, long before they leave the page, so that the screens after it
    // are in the stored language at once (not while the page loads: it would compete with it).
    if (pageLanguage && pageLanguage !== storedLanguage()) {
      const preload = () => void loadLanguage(storedLanguage());
      for (const type of ['pointerdown', 'keydown'])
        window.addEventListener(type, preload, { once: true, passive: true });
    }
  });
}
