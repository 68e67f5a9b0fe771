import type { BookingDetail, PassengerRegistryItem } from '@cusco/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { bookingDetailKey } from '../../../../lib/queries/booking-detail.ts';
import { bookingsKey } from '../../../../lib/queries/booking-list.ts';

/** What the last checkout said: approved ('S'), or why not. */
export type PaymentOutcome = 'S' | 'declined' | 'cancelled' | 'closed';

/** The booking detail's modal state, the reload after a change and the incident requests. */
export function useDetailActions(booking: BookingDetail['booking']) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PassengerRegistryItem | null>(null);
  const [addingServices, setAddingServices] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  /** What the last checkout said ('S', or why not); the balance above is the server's truth. */
  const [payment, setPayment] = useState<PaymentOutcome | null>(null);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: bookingDetailKey(booking.code) });
    void queryClient.invalidateQueries({ queryKey: bookingsKey });
  };
  // Spec §2: an incident action closes every modal and opens the request form.
  const request = (typeId: string) => {
    setEditing(null);
    setAddingServices(false);
    navigate(paths.incidentForm.href(booking.code, typeId, booking.code));
  };
  const startPayment = () => {
    setPayment(null);
    setPaying(true);
  };

  return {
    editing,
    setEditing,
    addingServices,
    setAddingServices,
    termsOpen,
    setTermsOpen,
    paying,
    setPaying,
    payment,
    setPayment,
    reload,
    request,
    startPayment,
  };
}

export type DetailActions = ReturnType<typeof useDetailActions>;
