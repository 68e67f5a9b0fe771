import './app/mantine-styles.ts';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { startI18n } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The stored language's texts and the screen's code first, side by side (index.html paints the
// agency's mark meanwhile). The first render is a transition: React yields to the browser between
// pieces of it instead of holding the main thread for the whole page (a phone stays responsive).
void Promise.all([startI18n(), preloadScreen(window.location.hash)]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
