import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { LanguageOffer } from '../components/language-offer.tsx';
import { closeAlertsOnRouteChange } from '../lib/error-modal.tsx';
import { ForgetOnSignOut } from '../lib/queries/forget-on-sign-out.tsx';
import { OfflineData } from './offline-data.tsx';
import { AppErrorBoundary } from './route-error.tsx';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The whole app; `queryClient` may already hold the first screen's data, fetched at start. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(createRouter);
  useEffect(() => closeAlertsOnRouteChange(router), [router]);
  const { t } = useTranslation();
  // Every dialog's and toast's ✕ is named in the app's language, wherever it is opened.
  const closeButtonProps = useMemo(() => ({ 'aria-label': t('common.close') }), [t]);
  const named = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
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
          <ModalsProvider modalProps={{ closeButtonProps }}>
            <LazyNotifications />
            <RouterProvider router={router} />
            <LanguageOffer />
          </ModalsProvider>
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
