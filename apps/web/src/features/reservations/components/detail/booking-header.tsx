import type { BookingDetail } from '@cusco/shared';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../../components/fact-list.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { OctoNote } from '../octo-note.tsx';
import { BookingStatusBadge } from '../status-badge.tsx';
import { Section } from './section.tsx';

type Booking = BookingDetail['booking'];

/** The booking's trip date, purchase date, type and category. */
function BookingFacts({
  booking,
  cols,
}: {
  booking: Booking;
  cols: { base: number; sm?: number };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = (value: string) => formatDate(value, language);
  return (
    <FactList
      cols={cols}
      mt="md"
      spacing="sm"
      facts={[
        [t('bookingDetail.tripDate'), date(booking.tripDate)],
        [t('bookingDetail.buyDate'), date(booking.buyDate)],
        [t('bookingDetail.type'), booking.type],
        [t('bookingDetail.category'), booking.category],
      ]}
    />
  );
}

/** The reservation's code, and the corporate badge. */
function CodeLine({ booking, suffix }: { booking: Booking; suffix?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text c="dimmed" size="sm">
        {t('bookingDetail.code')}{' '}
        <Text span fw={800} c="andes.9">
          {booking.code}
        </Text>
        {suffix && ` · ${suffix}`}
      </Text>
      {booking.corporate && (
        <Badge variant="light" size="sm">
          {t('bookingDetail.corporate')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The booking's code, name, corporate badge, status and its dates, type and category. On a phone
 * (`compact`) it takes at most 80 px (issue 12): the code and the trip date above the name and
 * the status on one line; the rest is in the Trip details section.
 */
export function BookingHeader({ booking, compact }: { booking: Booking; compact: boolean }) {
  const language = useLanguage();
  if (compact) {
    return (
      <Card withBorder padding="xs" px="md" component="header" data-testid="booking-header">
        <CodeLine booking={booking} suffix={formatDate(booking.tripDate, language)} />
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Title order={1} size="h4" lineClamp={1} title={booking.name} style={{ minWidth: 0 }}>
            {booking.name}
          </Title>
          <BookingStatusBadge status={booking.status} size="sm" />
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg" component="header" data-testid="booking-header">
      <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
        <CodeLine booking={booking} />
        <BookingStatusBadge status={booking.status} size="lg" />
      </Group>
      <Title order={1} size="h2">
        {booking.name}
      </Title>
      <OctoNote channel={booking.channel} reference={booking.resellerReference} />
      <BookingFacts booking={booking} cols={{ base: 2, sm: 4 }} />
    </Card>
  );
}

/** On a phone: the header's facts, and the whole tour name, in a section closed at first. */
export function TripDetails({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <Section id="detail-trip" title={t('bookingDetail.tripDetails')} collapsible>
      <Text fw={600}>{booking.name}</Text>
      <OctoNote channel={booking.channel} reference={booking.resellerReference} />
      <BookingFacts booking={booking} cols={{ base: 2 }} />
    </Section>
  );
}
