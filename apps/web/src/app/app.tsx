import { MantineProvider, Modal, mergeThemeOverrides, Notification } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
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
          Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
          Notification: Notification.extend({
            defaultProps: { closeButtonProps },
            // Mantine's gray description is 3.3:1 on white; the app's dimmed text is 6.1:1.
            styles: { description: { color: 'var(--mantine-color-dimmed)' } },
          }),
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
            <Notifications position="top-center" />
            <RouterProvider router={router} />
            <LanguageOffer />
          </ModalsProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
