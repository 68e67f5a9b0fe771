import { fromCents, type Quote } from '@cusco/shared';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BottomBar } from '../../../components/bottom-bar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * On a phone: the quote's total so far (0 before there is one), fixed at the bottom, with a link
 * down to the summary.
 */
export function MobileTotalBar({ quote }: { quote: Quote | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const scrollToSummary = () =>
    document
      .getElementById('booking-summary')
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <BottomBar>
      <Text fw={700} aria-live="polite">
        {t('booking.totalNow')}: {formatMoney(fromCents(quote?.totalCents ?? 0), language)}
      </Text>
      <Button variant="light" size="sm" onClick={scrollToSummary}>
        {t('booking.seeSummary')}
      </Button>
    </BottomBar>
  );
}
