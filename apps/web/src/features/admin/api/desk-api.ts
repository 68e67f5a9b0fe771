import {
  bookingSaveResponse,
  clientRecord,
  type DeskBookingRequest,
  type DeskCustomer,
  type DeskCustomerRequest,
  deskCustomer,
  deskCustomerList,
  type PassengerPayload,
  passengerSaveResponse,
  payLinkAnswer,
  tour,
} from '@cusco/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** The desk (issue 28): find or add a customer, book for them, send them the pay link. */

const deskKey = ['admin', 'desk'] as const;

/** GET admin/customers?q=: the first customers the search finds (none before 2 characters). */
export function useDeskCustomers(q: string) {
  const search = q.trim();
  return useQuery({
    queryKey: [...deskKey, 'customers', search],
    queryFn: ({ signal }) =>
      api.page<DeskCustomer>(
        'admin/customers',
        { page: 1, pageSize: 10 },
        { schema: deskCustomerList, searchParams: { q: search }, signal },
      ),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** POST admin/customers: a walk-in customer's guest account. */
export const useAddCustomer = () =>
  useMutation({
    mutationFn: (body: DeskCustomerRequest) =>
      api.post('admin/customers', body, { schema: deskCustomer }),
    meta: { inlineErrors: true },
  });

/** GET tour/{code}: the tour's prices, types, categories and hotels, in the staff's language. */
export function useDeskTour(code: string | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['tour', 'public', code, language],
    queryFn: ({ signal }) =>
      api.get(`tour/${encodeURIComponent(code ?? '')}`, {
        schema: tour,
        signal,
        headers: { 'accept-language': language },
      }),
    enabled: Boolean(code),
    staleTime: 60_000,
    meta: { inlineErrors: true },
  });
}

/**
 * POST admin/bookings: the booking for the customer, with the form's Idempotency-Key; the back
 * office's lists read again.
 */
export function useDeskBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: DeskBookingRequest; key: string }) =>
      api.post('admin/bookings', body, {
        schema: bookingSaveResponse,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/** POST admin/bookings/{code}/pay-link: the customer is e-mailed the booking and its pay link. */
export function useSendPayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }) =>
      api.post(`admin/bookings/${encodeURIComponent(code)}/pay-link`, undefined, {
        schema: payLinkAnswer,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}

/** GET admin/bookings/{code}/passengers/{id}: a registered passenger, as its customer reads it. */
export function useStaffPassengerRecord(code: string, clientId: string | null) {
  return useQuery({
    queryKey: [...deskKey, 'passenger', code, clientId],
    queryFn: ({ signal }) =>
      api.get(`admin/bookings/${encodeURIComponent(code)}/passengers/${clientId}`, {
        schema: clientRecord,
        signal,
      }),
    enabled: clientId !== null,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/**
 * Staff save a passenger's data: POST admin/slots/{slotId}/client for an empty slot, PUT
 * admin/clients/{id} for a registered passenger (the customer's own checks); the back office's
 * booking reads again.
 */
export function useStaffSavePassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      slotId: string;
      clientId: string | null;
      payload: PassengerPayload;
    }) => {
      const saved = input.clientId
        ? await api.put(`admin/clients/${input.clientId}`, input.payload, {
            schema: passengerSaveResponse,
          })
        : await api.post(`admin/slots/${input.slotId}/client`, input.payload, {
            schema: passengerSaveResponse,
          });
      return saved.id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { inlineErrors: true },
  });
}
