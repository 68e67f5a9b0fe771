import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { LanguageOffer } from '../components/language-offer.tsx';
import { CloseAlertsOnRouteChange } from '../lib/error-modal.tsx';
import { ForgetOnSignOut } from '../lib/queries/forget-on-sign-out.tsx';
import { OfflineData } from './offline-data.tsx';
import { AppErrorBoundary } from './route-error.tsx';
import { AppRoutes } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The whole app; `queryClient` may already hold the first screen's data, fetched at start. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const { t } = useTranslation();
  // Every dialog's and toast's ✕ is named in the app's language, wherever it is opened.
  const closeButtonProps = useMemo(() => ({ 'aria-label': t('common.close') }), [t]);
  // The theme's own components and these two, which theme.ts leaves alone, side by side: a deep
  // merge of the whole theme (mergeThemeOverrides) cost about 24 ms of the first render on
  // Chromium's 4× CPU throttling (Lighthouse's phone).
  const named = useMemo(
    (): MantineThemeOverride => ({
      ...theme,
      components: {
        ...theme.components,
        // Plain overrides rather than Modal.extend/Notification.extend, which would bring both
        // components' code into the first load.
        Modal: { defaultProps: { closeButtonProps } },
        Notification: {
          defaultProps: { closeButtonProps },
          // Mantine's gray description is 3.3:1 on white; the app's dimmed text is 6.1:1.
          styles: { description: { color: 'var(--mantine-color-dimmed)' } },
        },
      },
    }),
    [closeButtonProps],
  );
  return (
    <MantineProvider
      theme={named}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ForgetOnSignOut />
          <OfflineData />
          <LazyModals closeButtonProps={closeButtonProps} />
          <LazyNotifications />
          <HashRouter>
            <CloseAlertsOnRouteChange />
            <AppRoutes />
          </HashRouter>
          <LanguageOffer />
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * The toasts' container (and its transitions) loads with the first toast, not with the first
 * screen (ADR 0053): `notifications.show` keeps its toast in Mantine's store until it is drawn.
 */
function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  );
}

const ModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

/** The events `modals` (`@mantine/modals`) sends to its provider, by name. */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

/**
 * The dialogs that `modals.open…` shows (the alerts of lib/error-modal.tsx) load with the first
 * of them, not with the first screen (ADR 0053). `modals` sends window events to its provider;
 * until the provider is there, they are kept (from the first `open…` on) and sent again once it
 * listens. No screen reads the provider's context (`useModals`), so it wraps nothing.
 */
function LazyModals({ closeButtonProps }: { closeButtonProps: { 'aria-label': string } }) {
  const kept = useRef<CustomEvent[] | null>([]);
  const [wanted, setWanted] = useState(false);
  useLayoutEffect(() => {
    const keep = (event: Event) => {
      // Once the provider listens (`kept` is null), it takes the events itself.
      if (!kept.current || !(event instanceof CustomEvent)) return;
      if (kept.current.length === 0 && !/:open/.test(event.type)) return;
      kept.current.push(event);
      setWanted(true);
    };
    for (const name of MODAL_EVENTS) window.addEventListener(name, keep);
    return () => {
      for (const name of MODAL_EVENTS) window.removeEventListener(name, keep);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider modalProps={{ closeButtonProps }} />
      <SendKept kept={kept} />
    </Suspense>
  );
}

/** Sends the kept events again, after the provider (drawn just before) has begun to listen. */
function SendKept({ kept }: { kept: { current: CustomEvent[] | null } }) {
  useLayoutEffect(() => {
    const events = kept.current ?? [];
    kept.current = null;
    for (const event of events)
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, [kept]);
  return null;
}
