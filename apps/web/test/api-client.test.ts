// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage } from '../src/lib/api-client.ts';
import { i18n, loadLanguage } from '../src/lib/i18n.ts';
import { clearSession, saveSession } from '../src/lib/session.ts';

/** Every request the client sends, each answered by `answer` (an empty JSON object unless set). */
function recordRequests(
  answer: (request: Request) => Promise<Response> | Response = () => json({}),
) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    requests.push(request);
    return answer(request);
  });
  return requests;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearSession();
});

describe('the API client', () => {
  it("sends a call under /api with its query, the app's language and no token when signed out", async () => {
    await i18n.changeLanguage('en');
    const requests = recordRequests();
    await api.get('tour/100401/availability', {
      searchParams: { from: '2026-12-01', type: 'a b' },
    });
    const [request] = requests;
    const url = new URL(request?.url ?? '');
    expect(request?.method).toBe('GET');
    expect(url.pathname).toBe('/api/tour/100401/availability');
    expect(url.searchParams.get('type')).toBe('a b');
    expect(request?.headers.get('accept-language')).toBe('en');
    expect(request?.headers.has('authorization')).toBe(false);
  });

  it("sends the session's token and a JSON body; the call's own headers win", async () => {
    saveSession(
      'the-token',
      {
        id: '7c3e8d4e-8f1e-4a53-9a49-2b8f1f0b8f11',
        name: 'Ana',
        lastName: 'Quispe',
        email: 'ana@example.com',
        corporateClientId: null,
        corporateClientName: null,
        telephone: '',
        role: 'client',
      },
      '2099-01-01T00:00:00.000Z',
    );
    const requests = recordRequests();
    await api.post('booking/save', { seats: 2 }, { headers: { 'accept-language': 'es' } });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe('Bearer the-token');
    expect(request?.headers.get('accept-language')).toBe('es');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ seats: 2 });
  });

  it("throws a refused call's status and the server's message", async () => {
    recordRequests(() =>
      json({ statusCode: 409, code: 'full', error: 'Conflict', message: 'No seats left' }, 409),
    );
    const error = await api.get('tour/100401').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'No seats left' });
  });

  it("gives up on a server that does not answer within 30 seconds, saying so in the app's language", async () => {
    await loadLanguage('es');
    await i18n.changeLanguage('es');
    vi.useFakeTimers();
    const requests = recordRequests(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const call = api.get('tour/100401').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(errorMessage(error)).toBe('El servidor no respondió a tiempo. Vuelva a intentarlo.');
  });

  it('stops a call when its caller does (a query dropped, a screen left)', async () => {
    const requests = recordRequests(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const caller = new AbortController();
    const call = api
      .get('tour/100401', { signal: caller.signal })
      .catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    caller.abort(new DOMException('Left the screen', 'AbortError'));
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(requests[0]?.signal.aborted).toBe(true);
  });
});
