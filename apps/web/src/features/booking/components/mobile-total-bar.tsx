import { fromCents } from '@cusco/shared';
import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** On a phone: the total so far, fixed at the bottom, with a link down to the summary. */
export function MobileTotalBar({ totalCents }: { totalCents: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const scrollToSummary = () =>
    document
      .getElementById('booking-summary')
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <Box
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      p="sm"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} aria-live="polite">
          {t('booking.totalNow')}: {formatMoney(fromCents(totalCents), language)}
        </Text>
        <Button variant="light" size="sm" onClick={scrollToSummary}>
          {t('booking.seeSummary')}
        </Button>
      </Group>
    </Box>
  );
}
