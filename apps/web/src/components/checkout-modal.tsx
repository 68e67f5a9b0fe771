import { type Checkout, type CheckoutMessage, checkoutMessage } from '@cusco/shared';
import { Box, Center, Loader, Modal } from '@mantine/core';
import { type RefObject, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../lib/media.ts';

export type CheckoutResult =
  | { status: 'S' }
  | { status: 'N'; reason: 'declined' | 'cancelled' | 'closed' };

/** The outcome a checkout page posts, as the modal reports it. */
function resultOf(message: CheckoutMessage): CheckoutResult {
  if (message.status === 'S') return { status: 'S' };
  const reason =
    message.reason === 'declined' || message.reason === 'closed' ? message.reason : 'cancelled';
  return { status: 'N', reason };
}

/**
 * Hears the checkout's outcome while it is open: only messages from its frame, from this origin,
 * about this transaction. The parent's callback may be a new function on every render; the
 * listener is not set again for it (the frame's loader would flash).
 */
function useCheckoutOutcome({
  frame,
  transactionId,
  opened,
  onResult,
  onOpen,
}: {
  frame: RefObject<HTMLIFrameElement | null>;
  transactionId: string | null;
  opened: boolean;
  onResult(result: CheckoutResult): void;
  onOpen(loaded: false): void;
}) {
  const report = useEffectEvent((result: CheckoutResult) => onResult(result));
  const opening = useEffectEvent(() => onOpen(false));
  useEffect(() => {
    if (!opened) return;
    opening();
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow)
        return;
      const message = checkoutMessage.safeParse(event.data);
      if (message.success && message.data.transactionId === transactionId) {
        report(resultOf(message.data));
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [opened, transactionId, frame]);
}

/** A hosted checkout's address asking for the page's language (the sandbox follows `lang`). */
function inLanguage(url: string, language: string) {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language === 'es' ? 'es' : 'en'}`;
}

/**
 * The gateway's checkout in a frame (spec §4). The page inside tells the outcome by postMessage;
 * only messages from this frame and this origin are heard. The outcome is a hint: the booking's
 * truth is read again from the API afterwards.
 */
export function CheckoutModal({
  checkout,
  transactionId,
  onResult,
}: {
  checkout: Checkout | null;
  transactionId: string | null;
  onResult(result: CheckoutResult): void;
}) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const opened = checkout !== null && transactionId !== null;
  const frameName = transactionId ? `checkout-${transactionId}` : 'checkout';
  // A gateway reached through a form (Pay-me) gets its fields posted into the frame, once, when
  // the form reaches the page (the modal's portal mounts it after this component's first render).
  const postOnce = useCallback((form: HTMLFormElement | null) => form?.submit(), []);
  useCheckoutOutcome({ frame, transactionId, opened, onResult, onOpen: setLoaded });

  return (
    <Modal
      opened={opened}
      onClose={() => onResult({ status: 'N', reason: 'cancelled' })}
      title={t('payments.checkoutTitle')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {checkout?.kind === 'form' && (
        <form
          key={frameName}
          ref={postOnce}
          method="post"
          action={checkout.action}
          target={frameName}
          hidden
        >
          {Object.entries(checkout.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      )}
      <Box pos="relative" h={phone ? 'calc(100vh - 90px)' : 640}>
        {!loaded && (
          <Center pos="absolute" inset={0} role="status" aria-label={t('payments.opening')}>
            <Loader />
          </Center>
        )}
        {opened && (
          <iframe
            ref={frame}
            name={frameName}
            title={t('payments.checkoutFrame')}
            src={
              checkout.kind === 'hosted' ? inLanguage(checkout.url, i18n.language) : 'about:blank'
            }
            onLoad={() => setLoaded(true)}
            style={{ width: '100%', height: '100%', border: 0 }}
          />
        )}
      </Box>
    </Modal>
  );
}
