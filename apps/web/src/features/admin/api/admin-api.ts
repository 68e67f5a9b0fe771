import {
  type AdminIncident,
  adminAuditList,
  adminBookingDetail,
  adminBookingList,
  adminDashboard,
  adminDepartureList,
  adminIncident,
  adminIncidentList,
  adminManifest,
  changeQuoteAnswer,
  type DepartureBulkRequest,
  type DepartureUpdateRequest,
  departureBulkResult,
  departureCalendar,
  type IncidentAnswerRequest,
  managedDeparture,
  moneyActionResult,
  type StaffChangeRequest,
  type StaffCreateRequest,
  staffList,
  staffMember,
} from '@cusco/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api, download } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** Rows per page of the back office's tables. */
export const ADMIN_PAGE_SIZE = 25;

const adminKey = ['admin'] as const;

/**
 * One page of a staff list, with its filters; the previous page stays shown while the next loads.
 * Its cache key starts with `key` (by default the path under the back office's key).
 */
export function usePagedAdminList<T>(
  path: string,
  schema: z.core.$ZodType<T[]>,
  query: Record<string, string>,
  page: number,
  { key = [...adminKey, path], enabled }: { key?: readonly unknown[]; enabled?: boolean } = {},
) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...key, query, page, language],
    queryFn: ({ signal }) =>
      api.page<T>(
        path,
        { page, pageSize: ADMIN_PAGE_SIZE },
        { schema, searchParams: query, signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** GET admin/incidents: the requests queue. */
export const useRequestQueue = (query: Record<string, string>, page: number) =>
  usePagedAdminList<AdminIncident>('admin/incidents', adminIncidentList, query, page);

/** GET admin/bookings: the bookings search. */
export const useAdminBookings = (query: Record<string, string>, page: number) =>
  usePagedAdminList('admin/bookings', adminBookingList, query, page);

/** GET admin/audit: the audit trail. */
export const useAuditTrail = (query: Record<string, string>, page: number) =>
  usePagedAdminList('admin/audit', adminAuditList, query, page);

function useAdminQuery<T>(path: string, schema: z.core.$ZodType<T>) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...adminKey, path, language],
    queryFn: ({ signal }) => api.get(path, { schema, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** GET admin/dashboard. */
export const useDashboard = () => useAdminQuery('admin/dashboard', adminDashboard);

/** GET admin/bookings/{code}. */
export const useAdminBooking = (code: string) =>
  useAdminQuery(`admin/bookings/${encodeURIComponent(code)}`, adminBookingDetail);

/** GET admin/departures. */
export function useDepartures(query: Record<string, string>) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...adminKey, 'departures', query, language],
    queryFn: ({ signal }) =>
      api.get('admin/departures', { schema: adminDepartureList, searchParams: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

const manifestPath = (tour: string, date: string) =>
  `admin/departures/${encodeURIComponent(tour)}/${encodeURIComponent(date)}/manifest`;

/** GET admin/departures/{tour}/{date}/manifest. */
export const useManifest = (tour: string, date: string) =>
  useAdminQuery(manifestPath(tour, date), adminManifest);

/** Downloads the manifest as CSV or PDF, with the session's token, and saves it. */
export async function downloadManifest(tour: string, date: string, format: 'csv' | 'pdf') {
  const blob = await download(`${manifestPath(tour, date)}.${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `manifest-${tour}-${date}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A staff action: its call; once it succeeds, every back-office list and the customer-side caches
 * read again. Every action is confirmed in a form that shows the call's refusal itself
 * (FormActions, the money dialog's ErrorAlert), so no "Error" modal opens on top of it.
 */
function useAdminMutation<Variables, Answer>(call: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKey }),
    meta: { inlineErrors: true },
  });
}

/** POST admin/incidents/{id}/answer. */
export const useAnswerRequest = () =>
  useAdminMutation(({ id, body }: { id: string; body: IncidentAnswerRequest }) =>
    api.post(`admin/incidents/${encodeURIComponent(id)}/answer`, body, { schema: adminIncident }),
  );

/** The money calls: each sent with the Idempotency-Key of the dialog that confirms it. */
export type MoneyAction =
  | { kind: 'payment'; code: string; body: object }
  | { kind: 'discount'; code: string; body: object }
  | { kind: 'addition'; code: string; body: object }
  | { kind: 'refund'; attemptId: string; body: object };

const moneyPath = (action: MoneyAction) => {
  if (action.kind === 'refund')
    return `admin/payments/${encodeURIComponent(action.attemptId)}/refund`;
  const plural = { payment: 'payments', discount: 'discounts', addition: 'additions' }[action.kind];
  return `admin/bookings/${encodeURIComponent(action.code)}/${plural}`;
};

/** A money action, with the Idempotency-Key of the dialog that confirms it. */
export const useMoneyAction = () =>
  useAdminMutation(({ action, key }: { action: MoneyAction; key: string }) =>
    api.post(moneyPath(action), action.body, {
      schema: moneyActionResult,
      headers: { 'idempotency-key': key },
    }),
  );

const changesPath = (code: string) => `admin/bookings/${encodeURIComponent(code)}/changes`;

/**
 * POST admin/bookings/{code}/changes/quote: what a change made by staff would do (the refund, what
 * is kept, the balance, a reason a line), nothing written.
 */
export const useStaffChangeQuote = () =>
  useMutation({
    mutationFn: ({ code, body }: { code: string; body: StaffChangeRequest }) =>
      api.post(`${changesPath(code)}/quote`, body, { schema: changeQuoteAnswer }),
    meta: { inlineErrors: true },
  });

/**
 * POST admin/bookings/{code}/changes: the change itself, with the Idempotency-Key of the preview
 * it confirms; the back office's lists and the booking read again.
 */
export const useStaffChange = () =>
  useAdminMutation(({ code, body, key }: { code: string; body: StaffChangeRequest; key: string }) =>
    api.post(changesPath(code), body, {
      schema: changeQuoteAnswer,
      headers: { 'idempotency-key': key },
    }),
  );

/** GET admin/staff (administrators). */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: [...adminKey, 'staff'],
    queryFn: ({ signal }) => api.get('admin/staff', { schema: staffList, signal }),
    enabled,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** POST admin/staff. */
export const useAddStaff = () =>
  useAdminMutation((body: StaffCreateRequest) =>
    api.post('admin/staff', body, { schema: staffMember }),
  );

/** PUT admin/departures/{tourCode}/{date} (administrators). */
export const useManageDeparture = () =>
  useAdminMutation(
    ({ tourCode, date, body }: { tourCode: string; date: string; body: DepartureUpdateRequest }) =>
      api.put(
        `admin/departures/${encodeURIComponent(tourCode)}/${encodeURIComponent(date)}`,
        body,
        { schema: managedDeparture },
      ),
  );

/** GET admin/tours/{code}/departures: a tour's calendar for a range of dates. */
export function useTourCalendar(tourCode: string, range: { from: string; to: string }) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...adminKey, 'calendar', tourCode, range, language],
    queryFn: ({ signal }) =>
      api.get(`admin/tours/${encodeURIComponent(tourCode)}/departures`, {
        schema: departureCalendar,
        searchParams: range,
        signal,
      }),
    enabled: /^\d{6}$/.test(tourCode),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** POST admin/tours/{code}/departures (administrators): departures of a range in bulk. */
export const useBulkDepartures = () =>
  useAdminMutation(({ tourCode, body }: { tourCode: string; body: DepartureBulkRequest }) =>
    api.post(`admin/tours/${encodeURIComponent(tourCode)}/departures`, body, {
      schema: departureBulkResult,
    }),
  );
