import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppErrorBoundary } from './route-error.tsx';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  const language = useLanguage();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
            <ModalsProvider>
              <Notifications position="top-center" />
              <RouterProvider router={router} />
            </ModalsProvider>
          </DatesProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
