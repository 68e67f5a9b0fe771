import type { BookingDetail } from '@cusco/shared';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../../components/fact-list.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';

/** The booking's code, name, corporate badge and its dates, type and category. */
export function BookingHeader({ booking }: { booking: BookingDetail['booking'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = (value: string) => formatDate(value, language);
  return (
    <Card withBorder padding="lg" component="header">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Text c="dimmed" size="sm">
            {t('bookingDetail.code')}{' '}
            <Text span fw={800} c="andes.9">
              {booking.code}
            </Text>
          </Text>
          <Title order={1} size="h2">
            {booking.name}
          </Title>
        </div>
        {booking.corporate && <Badge variant="light">{t('bookingDetail.corporate')}</Badge>}
      </Group>
      <FactList
        cols={{ base: 2, sm: 4 }}
        mt="md"
        spacing="sm"
        facts={[
          [t('bookingDetail.tripDate'), date(booking.tripDate)],
          [t('bookingDetail.buyDate'), date(booking.buyDate)],
          [t('bookingDetail.type'), booking.type],
          [t('bookingDetail.category'), booking.category],
        ]}
      />
    </Card>
  );
}
