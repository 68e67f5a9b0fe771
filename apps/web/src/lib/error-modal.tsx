import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { errorMessage } from './api-client.ts';
import { i18n } from './i18n.ts';

/** The alerts open now (showAlert, showRetryAlert), by their modal's id. */
const openAlerts = new Set<string>();

/**
 * Closes the open alerts when the app goes to another screen (issue 28): an error is about the
 * screen it was raised on, so it does not stay over the next one after Back, Forward or a link.
 * A redirect that replaces the screen (e.g. to sign in after a booking page could not load)
 * keeps its alert: that alert says why the screen changed. Drawn once, inside the router.
 */
export function CloseAlertsOnRouteChange() {
  const { pathname } = useLocation();
  const action = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (pathname === previous.current) return;
    previous.current = pathname;
    if (action === 'REPLACE') return;
    for (const id of [...openAlerts]) modals.close(id);
  }, [pathname, action]);
  return null;
}

/** Spec §8: errors appear as modal alerts titled 'Error'. */
export function showErrorModal(error: unknown) {
  showAlert(i18n.t('common.error'), errorMessage(error));
}

/**
 * A success that needs no answer (saved, created, deleted): a toast that a screen reader
 * announces (role="status"), not a dialog to dismiss (issue 12; ADR 0026). Errors and
 * confirmations of destructive actions stay dialogs.
 */
export function showSuccess(title: string, message: string) {
  notifications.show({ title, message, color: 'andes', role: 'status', autoClose: 6000 });
}

/** A modal alert with a title, a message and an OK button that has the focus. */
export function showAlert(title: string, message: string, onClose?: () => void) {
  let id = '';
  let closed = false;
  id = modals.open({
    title,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    // Called once, however the alert is closed (OK, Escape, the close button).
    onClose: () => {
      openAlerts.delete(id);
      if (closed) return;
      closed = true;
      onClose?.();
    },
    children: (
      <>
        <Text>{message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button data-autofocus onClick={() => modals.close(id)}>
            {i18n.t('common.ok')}
          </Button>
        </Group>
      </>
    ),
  });
  openAlerts.add(id);
}

/**
 * A modal alert for a call that can be sent again (a 503: nothing was done): Try again, which has
 * the focus, closes it and calls `onRetry`; Cancel just closes it.
 */
export function showRetryAlert(title: string, message: string, onRetry: () => void) {
  const id = modals.open({
    title,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onClose: () => openAlerts.delete(id),
    children: (
      <>
        <Text>{message}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => modals.close(id)}>
            {i18n.t('common.cancel')}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              modals.close(id);
              onRetry();
            }}
          >
            {i18n.t('common.retry')}
          </Button>
        </Group>
      </>
    ),
  });
  openAlerts.add(id);
}
