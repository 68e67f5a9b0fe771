import type { BookingStatus } from '@cusco/shared';
import { Alert, Button, Text } from '@mantine/core';
import { IconCalendarX, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Section } from './section.tsx';

/**
 * The way to cancel (issue 27), on a booking that may still be cancelled: what it does, and the
 * button that opens the cancellation's preview.
 */
export function CancelSection({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Section id="detail-cancel" title={t('cancel.sectionTitle')}>
      <Text size="sm" mb="sm">
        {t('cancel.sectionHint')}
      </Text>
      <Button
        variant="outline"
        // red.9 passes WCAG AA on white (Mantine's red.6 does not).
        color="red.9"
        leftSection={<IconCalendarX size={18} aria-hidden />}
        onClick={() => onCancel()}
      >
        {t('cancel.open')}
      </Button>
    </Section>
  );
}

/** At the top of a cancelled booking: that it is cancelled, by whom, and what that means. */
export function CancelledNotice({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconCircleX aria-hidden />}
      title={t('cancel.cancelledTitle')}
      // A fact of the page, not news to announce (Mantine's Alert is an alert by default).
      role="note"
      data-testid="booking-cancelled"
    >
      {status === 'cancelled_by_agency'
        ? t('cancel.cancelledByAgency')
        : t('cancel.cancelledByCustomer')}
    </Alert>
  );
}
