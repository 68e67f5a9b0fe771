import { cleanTourCode } from '@cusco/shared';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '../config/paths.ts';
import { availabilityQuery } from '../features/booking/api/get-availability.ts';
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
  // As soon as the tour arrives, the days of the departure the page shows first (the tab's kept
  // draft's, else the tour's first type and category): the calendar then has them at its first
  // render instead of asking after it, and the page is not drawn twice while it loads.
  // The draft's helpers come with the page's own code, which is on its way already.
  void Promise.all([
    queryClient.fetchQuery(tourQuery(code, language, 'public')),
    import('../features/booking/model/draft-storage.ts'),
    import('../features/booking/model/draft.ts'),
  ])
    .then(([tour, { readStoredBooking }, { initialDraft }]) => {
      const { typeId, categoryId } = readStoredBooking(tour, 'public')?.draft ?? initialDraft(tour);
      if (!typeId || !categoryId) return;
      return queryClient.prefetchQuery(availabilityQuery(code, typeId, categoryId, language));
    })
    .catch(() => {
      // The screen reads the tour again and reports its failure in place.
    });
}
