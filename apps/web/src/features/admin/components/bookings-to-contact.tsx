import { Alert, List, Text } from '@mantine/core';
import { useAdminText } from '../i18n.ts';

/** The bookings on departures just closed or cancelled: the agency contacts each customer. */
export function BookingsToContact({
  bookings,
}: {
  bookings: { code: string; customerName: string; customerEmail: string; date?: string }[];
}) {
  const { t } = useAdminText();
  if (bookings.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={
        <Text fw={700} c="dark.7" component="span">
          {t('departure.contact')}
        </Text>
      }
    >
      <List size="sm">
        {bookings.map((booking) => (
          <List.Item key={booking.code}>
            {[booking.date, booking.code, booking.customerName, booking.customerEmail]
              .filter(Boolean)
              .join(' · ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
