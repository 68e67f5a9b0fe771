// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadScreenData } from '../src/app/preload-data.ts';
import { tourQuery } from '../src/features/booking/api/get-tour.ts';
import { sampleTour } from './sample-tour.ts';

/** Every request the app makes, answered with the sample tour. */
function recordRequests() {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    requests.push(input);
    return new Response(JSON.stringify(sampleTour), {
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
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/tour/100401');
    expect(requests[0]?.headers.get('accept-language')).toBe('es');
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
