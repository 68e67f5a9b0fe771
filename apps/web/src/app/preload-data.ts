import { cleanTourCode } from '@cusco/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '../config/paths.ts';
import { tourQuery } from '../features/booking/api/get-tour.ts';
import { bookingPageLanguage } from '../lib/page-language.ts';

/**
 * Starts the first screen's own data request at start-up, beside its code and texts, instead of
 * after its first render: a public booking page (the address a traveller follows from the
 * agency's site) asks for its tour at once. The screen reads the same query, so it finds the tour
 * in flight or already there; a failure is left to the screen, which reports it in place.
 */
export function preloadScreenData(hash: string, queryClient: QueryClient): void {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  const booking = matchPath(paths.booking.pattern, path);
  if (!booking) return;
  const code = cleanTourCode(booking.params.tour ?? '');
  const language = bookingPageLanguage(booking.params.lang);
  if (!code || language === 'invalid') return;
  void queryClient.prefetchQuery(tourQuery(code, language, 'public'));
}
