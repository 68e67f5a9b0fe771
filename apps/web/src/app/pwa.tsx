import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../lib/i18n.ts';
import { whenSettled } from '../lib/on-demand.ts';

/** How often a running app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 30 * 60 * 1000;

/**
 * The service worker (vite-plugin-pwa, issue 32), registered in production builds once the page
 * has loaded and the browser is idle: its code, and the app files it then copies for offline use,
 * do not compete with the first screen's own requests and rendering on a slow phone (ADR 0053,
 * decision 14). A new deploy installs a new worker beside the running one; the app then offers
 * "New version — Reload", which activates it and reloads on the new version. The app asks for a
 * new version at start, every half hour, when it comes back to the screen and when the network
 * returns: a phone never keeps a stale app for ever.
 */
export function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenSettled(registerWorker);
}

function registerWorker() {
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh: () => offerReload(() => void updateSW(true)),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        const check = () => {
          if (navigator.onLine) void registration.update().catch(() => undefined);
        };
        setInterval(check, CHECK_EVERY_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
        window.addEventListener('online', check);
      },
    });
  });
}

function offerReload(reload: () => void) {
  notifications.show({
    id: 'new-version',
    autoClose: false,
    withCloseButton: true,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{i18n.t('pwa.newVersion')}</Text>
        <Button size="xs" onClick={reload}>
          {i18n.t('pwa.reload')}
        </Button>
      </Group>
    ),
  });
}
