import type { BookingDetail } from '@cusco/shared';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BookingTable } from './detail-tables.tsx';

/** The tour summary, the booking's observations and the link to the terms. */
export function BookingSummary({
  detail,
  onOpenTerms,
}: {
  detail: BookingDetail;
  onOpenTerms: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BookingTable name="summary" detail={detail}>
      <Title order={3} size="h5" mt="md">
        {t('bookingDetail.observations')}
      </Title>
      <Text size="sm">{detail.booking.observation || t('bookingDetail.noObservations')}</Text>
      <Anchor component="button" type="button" mt="md" onClick={() => onOpenTerms()}>
        {t('bookingDetail.terms')}
      </Anchor>
    </BookingTable>
  );
}
