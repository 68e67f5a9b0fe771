import './app/mantine-styles.ts';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { loadLanguage, startI18n } from './lib/i18n.ts';
import { pageLanguageOf } from './lib/page-language.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The stored language's texts and the screen's code first, side by side (index.html paints the
// agency's mark meanwhile). The first render is a transition: React yields to the browser between
// pieces of it instead of holding the main thread for the whole page (a phone stays responsive).
const { hash } = window.location;
void Promise.all(
  [startI18n(), pageLanguageOf(hash).map(loadLanguage), preloadScreen(hash)].flat(),
).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
