import type { BookingDetail, PassengerRegistryItem } from '@cusco/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { bookingDetailKey } from '../../../../lib/queries/booking-detail.ts';
import { bookingsKey } from '../../../../lib/queries/booking-list.ts';
import { creditKey } from '../../api/get-credit.ts';
import type { ChangeAction } from '../change/change-action.ts';

/** The attempt whose approval the page confirms: `?paid=` in its address, kept across a refresh. */
export const PAID_PARAM = 'paid';

/** The booking detail's modal state, the reload after a change and the incident requests. */
export function useDetailActions(booking: BookingDetail['booking']) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PassengerRegistryItem | null>(null);
  const [addingServices, setAddingServices] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  /** The change whose preview is open (issue 27), if any. */
  const [changing, setChanging] = useState<ChangeAction | null>(null);
  const [search, setSearch] = useSearchParams();
  /** The approved attempt to confirm; the balance is the server's truth. */
  const confirmed = search.get(PAID_PARAM);
  const setConfirmed = (transactionId: string | null) =>
    setSearch(transactionId ? { [PAID_PARAM]: transactionId } : {}, { replace: true });

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: bookingDetailKey(booking.code) });
    void queryClient.invalidateQueries({ queryKey: bookingsKey });
    void queryClient.invalidateQueries({ queryKey: creditKey });
  };
  // Spec §2: an incident action closes every modal and opens the request form.
  const request = (typeId: string) => {
    setEditing(null);
    setAddingServices(false);
    navigate(paths.incidentForm.href(booking.code, typeId, booking.code));
  };
  const startPayment = () => {
    setConfirmed(null);
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
    cancelling,
    setCancelling,
    changing,
    setChanging,
    confirmed,
    setConfirmed,
    reload,
    request,
    startPayment,
  };
}

export type DetailActions = ReturnType<typeof useDetailActions>;
