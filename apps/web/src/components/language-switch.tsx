import type { Language } from '@cusco/shared';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage } from '../lib/i18n.ts';

/** English/Spanish switch; the choice is remembered (spec §1 language setting). */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('common.language')}
      value={language}
      onChange={(value) => void setLanguage(value as Language)}
      data={[
        { value: 'en', label: <Label short="EN" full="English" /> },
        { value: 'es', label: <Label short="ES" full="Español" /> },
      ]}
    />
  );
}

function Label({ short, full }: { short: string; full: string }) {
  return (
    <>
      <span aria-hidden>{short}</span>
      <VisuallyHidden>{full}</VisuallyHidden>
    </>
  );
}
