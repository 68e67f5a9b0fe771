import './app/mantine-styles.ts';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreenData } from './app/preload-data.ts';
import { preloadScreen } from './app/router.tsx';
import { startI18n } from './lib/i18n.ts';
import { pageLanguageOf } from './lib/page-language.ts';
import { createQueryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The texts of the first screen's language, the screen's code and the screen's data first, side by side
// (index.html paints the agency's mark meanwhile). The first render waits for the texts and the
// code, not the data: the screen shows its own loader until the data arrives. The first render is
// a transition: React yields to the browser between pieces of it instead of holding the main
// thread for the whole page (a phone stays responsive).
const { hash } = window.location;
const queryClient = createQueryClient();
preloadScreenData(hash, queryClient);
void Promise.all([startI18n(pageLanguageOf(hash)), preloadScreen(hash)]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  ),
);
