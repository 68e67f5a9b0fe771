import { List, Text } from '@mantine/core';
import { ApiError } from '../../../lib/api-client.ts';
import { useAdminText } from '../i18n.ts';

interface ConflictBooking {
  code: string;
  date: string;
  customerName: string;
  passengers: number;
}

/** The bookings a refused capacity would leave without a seat (the API's 409 details). */
function conflictOf(error: unknown): ConflictBooking[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const bookings = error.body?.details?.bookings;
  return Array.isArray(bookings) ? (bookings as ConflictBooking[]) : [];
}

/**
 * A capacity below what is already booked is refused (issue 28): the bookings that hold those
 * seats, by code, under the refusal, to move or cancel first.
 */
export function CapacityConflict({ error }: { error: unknown }) {
  const { t } = useAdminText();
  const bookings = conflictOf(error);
  if (bookings.length === 0) return null;
  return (
    <div data-testid="capacity-conflict">
      <Text size="sm" fw={600}>
        {t('ops.departure.bookedAlready')}
      </Text>
      <List size="sm">
        {bookings.map((booking) => (
          <List.Item key={booking.code}>
            {t('ops.departure.bookedLine', {
              code: booking.code,
              date: booking.date,
              name: booking.customerName,
              count: booking.passengers,
            })}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
