import type { Language } from '@cusco/shared';
import { Affix, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { i18n, LANGUAGE_KEY, loadLanguage, setLanguage, useLanguage } from '../lib/i18n.ts';
import { languageToOffer } from '../lib/language-offer.ts';
import { whenSettled } from '../lib/on-demand.ts';

/** A booking page's address fixes its language (spec §1): nothing to offer there. */
const fixesLanguage = (hash: string) => /^#\/booking\/[^/?]+\/[01](?:$|[/?])/.test(hash);

function useHash() {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return hash;
}

/**
 * "This page is also in English" (issue 28): when nothing is stored and the browser prefers the
 * other of our languages, a small offer, written in that language, switches to it and stores it;
 * dismissing it stores the language shown, so that it does not come back.
 */
export function LanguageOffer() {
  const shown = useLanguage();
  const hash = useHash();
  const [offer, setOffer] = useState<Language | null>(null);
  const [closed, setClosed] = useState(false);
  const candidate = closed || fixesLanguage(hash) ? null : languageToOffer(shown);

  // The offer is written in its own language: its texts are loaded first, once the page has
  // loaded and the browser is idle, not beside the screen's own code and texts.
  useEffect(() => {
    let open = true;
    if (!candidate) {
      setOffer(null);
      return;
    }
    const cancel = whenSettled(() => {
      void loadLanguage(candidate).then(() => {
        if (open) setOffer(candidate);
      });
    });
    return () => {
      open = false;
      cancel();
    };
  }, [candidate]);

  if (!offer || !candidate) return null;
  const t = i18n.getFixedT(offer);
  const dismiss = () => {
    localStorage.setItem(LANGUAGE_KEY, shown);
    setClosed(true);
  };
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300} maw="calc(100vw - 32px)">
      <Paper
        component="aside"
        lang={offer}
        aria-label={t('guest.languageOffer.label')}
        shadow="md"
        withBorder
        radius="md"
        p="sm"
      >
        <Group gap="sm" wrap="nowrap" align="center">
          <IconLanguage size={20} aria-hidden />
          <Text size="sm">{t('guest.languageOffer.text')}</Text>
          <Button
            size="xs"
            onClick={() => {
              setClosed(true);
              void setLanguage(offer);
            }}
          >
            {t('guest.languageOffer.switch')}
          </Button>
          <CloseButton size="sm" aria-label={t('guest.languageOffer.dismiss')} onClick={dismiss} />
        </Group>
      </Paper>
    </Affix>
  );
}
