import type { BookingDetail, PassengerRegistryItem } from '@cusco/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { i18n } from '../../../../lib/i18n.ts';
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
  const [editing, setEditingState] = useState<PassengerRegistryItem | null>(null);
  const [addingServices, setAddingServicesState] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancellingState] = useState(false);
  /** The change whose preview is open (issue 27), if any. */
  const [changing, setChangingState] = useState<ChangeAction | null>(null);
  // Offline (issue 32), what needs the server says so instead of opening a form that would fail.
  const setEditing = whenOnline(setEditingState);
  const setAddingServices = whenOnline(setAddingServicesState);
  const setCancelling = whenOnline(setCancellingState);
  const setChanging = whenOnline(setChangingState);
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
    if (!navigator.onLine) return sayOffline();
    setEditing(null);
    setAddingServices(false);
    navigate(paths.incidentForm.href(booking.code, typeId, booking.code));
  };
  const startPayment = () => {
    if (!navigator.onLine) return sayOffline();
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

/** Opening (a truthy value) needs the network; closing never does. */
function whenOnline<T>(set: (value: T) => void): (value: T) => void {
  return (value) => {
    if (value && !navigator.onLine) sayOffline();
    else set(value);
  };
}

function sayOffline() {
  notifications.show({
    id: 'offline-action',
    color: 'yellow',
    message: i18n.t('offline.needsNetwork'),
  });
}
