import type { BookingListItem } from '@cusco/shared';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMountain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardGrid, CardSkeletons } from '../../../components/card-grid.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { usePagedList } from '../../../components/paged-list.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useBookingPages } from '../../../lib/queries/booking-list.ts';
import { CreditPanel } from '../components/credit-panel.tsx';
import { OctoNote } from '../components/octo-note.tsx';
import { OfflineMissing, OfflineNotice } from '../components/offline-notice.tsx';
import { BookingStatusBadge } from '../components/status-badge.tsx';
import classes from './reservations-page.module.css';

/** Spec §2 reservations list: one card per reservation, or the empty state; more on demand. */
export function ReservationsPage() {
  const { t } = useTranslation();
  const bookings = useBookingPages();
  const { items, list, showMore } = usePagedList(bookings, 'reservations.showing');

  return (
    <>
      <PageTitle title={t('reservations.title')} />
      <CreditPanel />
      <OfflineNotice updatedAt={bookings.dataUpdatedAt} />
      {bookings.isPending && bookings.isPaused && <OfflineMissing />}
      {bookings.isPending && !bookings.isPaused && (
        <CardSkeletons>
          <Skeleton height={20} width="40%" mb="sm" />
          <Skeleton height={16} width="80%" mb="xs" />
          <Skeleton height={14} width="60%" mb="xs" />
          <Skeleton height={14} width="50%" />
        </CardSkeletons>
      )}
      {bookings.isError && !bookings.data && (
        <LoadError error={bookings.error} onRetry={() => bookings.refetch()} />
      )}
      {bookings.data && items.length === 0 && (
        <Card withBorder padding="xl" maw={560}>
          <Stack align="flex-start" gap="md">
            <IconMountain size={40} aria-hidden color="var(--mantine-color-andes-8)" />
            <Text>{t('reservations.empty')}</Text>
            <Button component={Link} to={paths.tours.href()}>
              {t('reservations.bookButton')}
            </Button>
          </Stack>
        </Card>
      )}
      {bookings.data && items.length > 0 && (
        <>
          <CardGrid ref={list} aria-busy={bookings.isFetchingNextPage}>
            {items.map((booking) => (
              <ReservationCard key={booking.id} booking={booking} />
            ))}
          </CardGrid>
          {showMore}
        </>
      )}
    </>
  );
}

function ReservationCard({ booking }: { booking: BookingListItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  const fact = (label: string, value: string) => (
    // The value (an amount, a date) is never broken nor cut: the label wraps instead.
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" miw={0}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder shadow="xs" padding="lg" className={classes.card}>
      <Stack gap={6}>
        {/* The status goes under the code when the card is too narrow for both on one line. */}
        <Group justify="space-between" gap="xs">
          <Text
            fw={800}
            c="andes.9"
            component={Link}
            to={paths.bookingDetail.href(booking.id)}
            className={classes.link}
            data-list-item
            aria-label={t('reservations.open', {
              code: booking.name,
              tour: booking.tourName,
              status: t(`bookingStatus.${booking.status}`),
            })}
          >
            {booking.name}
          </Text>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <Title order={2} size="h5">
          {booking.tourName}
        </Title>
        <OctoNote channel={booking.channel} reference={booking.resellerReference} />
        {fact(t('reservations.travelDate'), formatDate(booking.travelDate, language))}
        {fact(t('reservations.bookingDate'), formatDate(booking.bookingDate, language))}
        {fact(t('reservations.type'), booking.type)}
        {fact(t('reservations.category'), booking.category)}
        {fact(t('reservations.passengers'), String(booking.passangers))}
        {fact(t('reservations.total'), money(booking.total))}
        {fact(t('reservations.paid'), money(booking.paid))}
        {fact(t('reservations.pending'), money(booking.pending))}
      </Stack>
    </Card>
  );
}
