import { guideManifest } from '@cusco/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deviceId } from '../lib/device.ts';
import { prepareScannerOffline } from '../lib/scanner-support.ts';

/**
 * A departure downloaded for the trail. Its key has no language: the stored copy is the one the
 * guide downloaded (in the language of that moment) whatever the app's language is now.
 */
export const manifestKey = (tourCode: string, date: string) =>
  ['guide', 'manifest', tourCode, date] as const;

export function fetchManifest(tourCode: string, date: string, signal?: AbortSignal) {
  return api.get(`guide/departures/${encodeURIComponent(tourCode)}/${encodeURIComponent(date)}`, {
    schema: guideManifest,
    signal,
    // The server records which phone downloaded it (the back office's "Last sync").
    headers: { 'x-device-id': deviceId() },
  });
}

/** GET guide/departures/{tourCode}/{date}, kept on the phone and read from there. */
export const manifestQuery = (tourCode: string, date: string) =>
  queryOptions({
    queryKey: manifestKey(tourCode, date),
    queryFn: ({ signal }) => fetchManifest(tourCode, date, signal),
    // Only "Download" (or a first opening) asks the server again.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { inlineErrors: true, offline: true },
  });

export function useManifest(tourCode: string, date: string) {
  return useQuery(manifestQuery(tourCode, date));
}

/** "Download for the trail": reads the departure afresh and stores it on the phone. */
export function useDownloadManifest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tourCode, date }: { tourCode: string; date: string }) => {
      // The QR reader for a phone without its own goes to the trail too.
      void prepareScannerOffline();
      return queryClient.fetchQuery({ ...manifestQuery(tourCode, date), staleTime: 0 });
    },
    meta: { inlineErrors: true },
  });
}
