import type { BookingChannel } from '@cusco/shared';
import { Group, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * For a booking a reseller's own system made through the OCTO API (issue 31): "Booked through
 * your system, reference X". Nothing for a booking made on the site or at the desk.
 */
export function OctoNote({
  channel,
  reference,
}: {
  channel?: BookingChannel;
  reference?: string | null;
}) {
  const { t } = useTranslation();
  if (channel !== 'octo') return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="booking-octo">
      <IconPlugConnected size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="dimmed">
        {reference ? t('bookingDetail.octoReference', { reference }) : t('bookingDetail.octo')}
      </Text>
    </Group>
  );
}
