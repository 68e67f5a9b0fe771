import { EVERY_PASSENGER } from '@cusco/shared';
import { useTranslation } from 'react-i18next';
import { useBookingDetail } from '../../../lib/queries/booking-detail.ts';
import { useAllBookings } from '../../../lib/queries/booking-list.ts';

/** The reservations to choose from; one given by the route shows even before the list arrives. */
export function useBookingOptions(bookingId: string) {
  const bookings = useAllBookings();
  const options = (bookings.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.name} · ${item.tourName}`,
  }));
  // A reservation given by the route or the query string shows even before the list arrives.
  if (bookingId && !options.some((option) => option.value === bookingId)) {
    options.unshift({ value: bookingId, label: bookingId });
  }
  return options;
}

/** A remove request's choices: the reservation's passengers, or its service lines. */
export function useTargetOptions(needs: 'passenger' | 'service' | null, bookingId: string) {
  const { t } = useTranslation();
  const booking = useBookingDetail(needs && bookingId ? bookingId : '', {
    enabled: Boolean(needs && bookingId),
  });
  if (needs === 'passenger') {
    const slots = booking.data?.passangerRegistry ?? [];
    return [
      ...slots.map((slot) => ({
        value: slot.id,
        label: t('incidents.passengerOption', {
          number: slot.number,
          name: slot.name || t('incidents.noName'),
        }),
      })),
      // Removing them all cancels the reservation (the one removal a group at its minimum may ask).
      ...(slots.length > 0
        ? [{ value: EVERY_PASSENGER, label: t('incidents.everyPassenger') }]
        : []),
    ];
  }
  if (needs === 'service') {
    return [...(booking.data?.additionalServices ?? []), ...(booking.data?.otherTours ?? [])].map(
      (line) => ({ value: line.id, label: `${line.productName} × ${line.quantity}` }),
    );
  }
  return [];
}
