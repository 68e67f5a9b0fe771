import { vi } from 'vitest';

/** One call the app made: its method, its path below /api/, its query, headers and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** An answer: a status (200 unless told), a JSON body, and headers. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** The API's error body (spec §8), with the status and the message the screens show. */
export function apiError(
  status: number,
  message: string,
  extra: { code?: string; field?: string } = {},
): Reply {
  return {
    status,
    body: { statusCode: status, code: extra.code ?? 'ERROR', error: 'Error', message, ...extra },
  };
}

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return JSON.parse(await request.text());
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text === '' ? undefined : text;
}

/**
 * Stands in for the API at the network's edge: `globalThis.fetch` answers from `routes`, keyed
 * "METHOD path" (the path below /api/, without its query), so that the app's own client (lib/api-client.ts),
 * hooks and caches run as they do in a browser. Every call is kept, answered or not; a call
 * without a route is answered 404, so that a test asserting the calls made sees it.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: ApiCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      headers: request.headers,
      body: await bodyOf(request),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply =
      route === undefined
        ? apiError(404, `No fake answer for ${call.method} ${call.path}`)
        : typeof route === 'function'
          ? await route(call)
          : route;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The routes called, in order, as "METHOD path". */
    routes: () => calls.map((call) => `${call.method} ${call.path}`),
    /** The calls made to one route ("METHOD path"). */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
