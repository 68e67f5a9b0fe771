import type { BookingDetail } from '@cusco/shared';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { Section } from './section.tsx';

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
    <Section id="detail-summary" title={t('bookingDetail.summary')}>
      <DataTable
        labelledBy="detail-summary"
        rows={detail.resume}
        rowKey={(row) => String(row.number)}
        columns={[
          { key: 'number', header: t('bookingDetail.number'), render: (row) => row.number },
          { key: 'tour', header: t('bookingDetail.tour'), render: (row) => row.tour },
          {
            key: 'observations',
            header: t('bookingDetail.observations'),
            render: (row) => row.observations || '—',
          },
        ]}
      />
      <Title order={3} size="h5" mt="md">
        {t('bookingDetail.observations')}
      </Title>
      <Text size="sm">{detail.booking.observation || t('bookingDetail.noObservations')}</Text>
      <Anchor component="button" type="button" mt="md" onClick={() => onOpenTerms()}>
        {t('bookingDetail.terms')}
      </Anchor>
    </Section>
  );
}
