import type { Language } from '@cusco/shared';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { theme } from '../../src/app/theme.ts';
import { i18n, loadLanguage } from '../../src/lib/i18n.ts';
import { createQueryClient } from '../../src/lib/query-client.ts';

// happy-dom has no font loading (`document.fonts`), which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

/** Switches the app's texts to a language, as the language switch does (without storing it). */
export async function speak(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Renders a piece of the app inside the providers the app gives it (Mantine with the app's theme,
 * the app's query client, modals and notifications). Mantine's test mode renders dialogs in place
 * and without transitions, so that what opens is there at once.
 */
export function renderInApp(ui: ReactNode) {
  const queryClient = createQueryClient();
  // No pause between keys: nothing in the app waits on typing speed.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          {ui}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, user, queryClient };
}

/**
 * Unmounts what a test rendered and forgets what outlives it: the toasts and dialogs opened
 * through Mantine's module-level stores, and the stubbed `fetch`.
 */
export function resetApp() {
  cleanup();
  notifications.clean();
  modals.closeAll();
  vi.unstubAllGlobals();
}
