// @vitest-environment happy-dom
import { AVAILABILITY_MAX_DAYS, todayInLima } from '@cusco/shared';
import { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadScreenData } from '../src/app/preload-data.ts';
import { availabilityQuery } from '../src/features/booking/api/get-availability.ts';
import { tourQuery } from '../src/features/booking/api/get-tour.ts';
import { earlyKey } from '../src/lib/early-answers.ts';
import { i18n } from '../src/lib/i18n.ts';
import { sampleTour } from './sample-tour.ts';

/** A day of the sample tour's departure, as GET tour/{code}/availability answers it. */
const openDay = { date: '2026-12-01', status: 'open', seatsLeft: 8, more: false, reason: '' };

/** Every request the app makes, answered with the sample tour, or its days for availability. */
function recordRequests() {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    requests.push(input);
    const days = new URL(input.url).pathname.endsWith('/availability');
    return new Response(JSON.stringify(days ? [openDay] : sampleTour), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe("the first screen's data, asked for at start-up", () => {
  it("is a public booking page's tour, in the page's language, under the key the page reads", async () => {
    const requests = recordRequests();
    const queryClient = new QueryClient();
    preloadScreenData('#/booking/100401/1?step=1', queryClient);
    const key = tourQuery('100401', 'es', 'public').queryKey;
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual(sampleTour));
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/tour/100401');
    expect(requests[0]?.headers.get('accept-language')).toBe('es');
    // Its days follow (the next test's calls are its own).
    await vi.waitFor(() => expect(requests).toHaveLength(2));
  });

  it('then, once the tour is there, the days of the departure the page shows first', async () => {
    const requests = recordRequests();
    const queryClient = new QueryClient();
    preloadScreenData('#/booking/100401/1', queryClient);
    // The key the calendar reads: the tour's first type and category, in the page's language.
    const key = availabilityQuery('100401', 'group', 'english', 'es').queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual([openDay]));
    expect(requests).toHaveLength(2);
    const days = new URL(requests[1]?.url ?? '');
    expect(days.pathname).toBe('/api/tour/100401/availability');
    expect(days.searchParams.get('type')).toBe('group');
    expect(days.searchParams.get('category')).toBe('english');
  });

  it("asks for an English page's days in English, while the app still speaks Spanish", async () => {
    // A fresh load: the app starts in the stored language (Spanish), and the page's own (English)
    // is applied while the tour and its days are on their way (2 of 4 loads asked in Spanish).
    await i18n.changeLanguage('es');
    const requests = recordRequests();
    const queryClient = new QueryClient();
    preloadScreenData('#/booking/100401/0', queryClient);
    const key = availabilityQuery('100401', 'group', 'english', 'en').queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toEqual([openDay]));
    expect(i18n.language).toBe('es');
    expect(requests.map((request) => request.headers.get('accept-language'))).toEqual(['en', 'en']);
  });

  it('is nothing for other screens, a bad tour code or a bad language', () => {
    const requests = recordRequests();
    const queryClient = new QueryClient();
    for (const hash of [
      '#/login',
      '',
      '#/main/reservations',
      '#/booking/12/0',
      '#/booking/100401/7',
    ])
      preloadScreenData(hash, queryClient);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(requests).toHaveLength(0);
  });
});

describe("the answers index.html's inline script asked for (lib/early-answers.ts)", () => {
  afterEach(() => {
    window.cuscoEarly = undefined;
  });

  const early = (
    path: string,
    language: string,
    answer: Promise<Response>,
    query?: Record<string, string>,
  ) => {
    window.cuscoEarly = { ...window.cuscoEarly, [earlyKey(path, query, language)]: answer };
  };
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  const paths = (requests: Request[]) => requests.map((request) => new URL(request.url).pathname);

  it('are the tour and the days the page reads, without asking again, each taken once', async () => {
    const requests = recordRequests();
    const today = todayInLima();
    early('tour/100401', 'es', json(sampleTour));
    early('tour/100401/availability', 'es', json([openDay]), {
      from: today,
      to: dayjs(today).add(AVAILABILITY_MAX_DAYS, 'day').format('YYYY-MM-DD'),
      type: 'group',
      category: 'english',
    });
    const queryClient = new QueryClient();
    preloadScreenData('#/booking/100401/1', queryClient);
    const tour = tourQuery('100401', 'es', 'public').queryKey;
    const days = availabilityQuery('100401', 'group', 'english', 'es').queryKey;
    await vi.waitFor(() => expect(queryClient.getQueryData(days)).toEqual([openDay]));
    expect(queryClient.getQueryData(tour)).toEqual(sampleTour);
    expect(requests).toEqual([]);
    expect(window.cuscoEarly).toEqual({});
    // A refetch asks the server.
    await queryClient.refetchQueries({ queryKey: tour });
    expect(paths(requests)).toEqual(['/api/tour/100401']);
  });

  it("are left alone for another language or other days, and the page's own calls are made", async () => {
    const requests = recordRequests();
    early('tour/100401', 'en', json(sampleTour));
    early('tour/100401/availability', 'es', json([]), {
      from: '2020-01-01',
      to: '2020-12-31',
      type: 'group',
      category: 'english',
    });
    const queryClient = new QueryClient();
    preloadScreenData('#/booking/100401/1', queryClient);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(paths(requests)).toEqual(['/api/tour/100401', '/api/tour/100401/availability']);
    expect(Object.keys(window.cuscoEarly ?? {})).toHaveLength(2);
  });

  it("reports an early answer's refusal as the call's own, and asks again when it never came", async () => {
    const requests = recordRequests();
    early('tour/100401', 'es', json({ message: 'No such tour' }, 404));
    const refused = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = tourQuery('100401', 'es', 'public');
    await expect(refused.fetchQuery(key)).rejects.toMatchObject({ status: 404 });
    expect(requests).toHaveLength(0);

    early('tour/100401', 'es', Promise.reject(new TypeError('Failed to fetch')));
    const lost = new QueryClient();
    await expect(lost.fetchQuery(key)).resolves.toEqual(sampleTour);
    expect(paths(requests)).toEqual(['/api/tour/100401']);
  });
});
