import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { FormTarget } from './incident-form.tsx';

/**
 * Which incident the form shows: one opened on the page (New, an incident's icon), else the
 * entry from a reservation, by the route form/{tour}/{type}/{name} or by the query string (first
 * value a reservation, second a type). Done and Cancel close the form and leave the entry.
 */
export function useIncidentTarget() {
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const [opened, setOpened] = useState<FormTarget | null>(null);

  // The entry from a reservation's buttons (route) or from a link with the query string.
  const entry = useMemo<FormTarget | null>(() => {
    if (params.tour && params.type)
      return { kind: 'new', bookingId: params.tour, typeId: params.type, lockBooking: true };
    const [bookingId, typeId] = [...search.values()];
    if (bookingId && typeId) return { kind: 'new', bookingId, typeId, lockBooking: true };
    return null;
  }, [params.tour, params.type, search]);

  const done = () => {
    setOpened(null);
    if (entry) navigate(paths.incidents.href(), { replace: true });
  };
  // Spec §2: Cancel goes back in history (to the reservation the request came from).
  const cancel = () => {
    setOpened(null);
    if (!entry) return;
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.incidents.href(), { replace: true });
  };

  return { target: opened ?? entry, open: setOpened, done, cancel };
}
