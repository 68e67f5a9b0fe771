import type { BookingDetail } from '@cusco/shared';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailTable } from './detail-table.tsx';

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
    <DetailTable
      name="summary"
      rows={detail.resume}
      rowKey={(row) => String(row.number)}
      columns={[
        { header: t('bookingDetail.number'), value: (row) => row.number },
        { header: t('bookingDetail.tour'), value: (row) => row.tour },
        {
          header: t('bookingDetail.observations'),
          kind: 'observation',
          value: (row) => row.observations,
        },
      ]}
    >
      <Title order={3} size="h5" mt="md">
        {t('bookingDetail.observations')}
      </Title>
      <Text size="sm">{detail.booking.observation || t('bookingDetail.noObservations')}</Text>
      <Anchor component="button" type="button" mt="md" onClick={() => onOpenTerms()}>
        {t('bookingDetail.terms')}
      </Anchor>
    </DetailTable>
  );
}
