import { type ErrorBody, errorBody } from '@cusco/shared';
import * as z from 'zod/mini';
import { expiredLoginPath } from '../config/paths.ts';
import { takeEarlyAnswer } from './early-answers.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { clearSession, getToken } from './session.ts';

/** A failed call: the HTTP status and the API's error body (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    /** Seconds the server asked to wait before trying again (`Retry-After`), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? i18n.t('msg:unknownError'));
    this.name = 'ApiError';
  }

  get field() {
    return this.body?.field;
  }
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** How long a call may wait for the server's answer before it fails. */
const TIMEOUT_MS = 30_000;

interface CallRequest {
  method: Method;
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Sends one call to the API with the browser's fetch: the session's token and the app's language
 * unless the call sets its own, a JSON body, and a timeout. Any status is returned, not thrown.
 * (ky did this before: 4 KB gzip of every screen's first load for what these lines do, ADR 0061.)
 */
async function client(path: string, request: CallRequest): Promise<Response> {
  const headers = new Headers(request.headers);
  const token = getToken();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  if (!headers.has('accept-language')) headers.set('accept-language', currentLanguage());
  let body: BodyInit | undefined = request.body;
  if (request.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(request.json);
  }
  const query = new URLSearchParams(request.searchParams).toString();
  // The caller's signal (a query dropped, a screen left) or the timeout, whichever comes first.
  const controller = new AbortController();
  const { signal } = request;
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException(i18n.t('common.timeout'), 'TimeoutError')),
    TIMEOUT_MS,
  );
  try {
    return await fetch(
      new Request(`/api/${path}${query ? `?${query}` : ''}`, {
        method: request.method.toUpperCase(),
        headers,
        body,
        signal: controller.signal,
      }),
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * The error of a failed answer. A 401 on a signed-in call also ends the session and goes to the
 * login screen (spec §4), which keeps the screen the customer was on to return there.
 */
async function failure(response: Response, hadToken: boolean): Promise<ApiError> {
  const parsed = errorBody.safeParse(await response.json().catch(() => null));
  if (response.status === 401 && hadToken) {
    const from = window.location.hash.replace(/^#/, '');
    clearSession('expired');
    window.location.hash = `#${expiredLoginPath(from)}`;
  }
  const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  return new ApiError(
    response.status,
    parsed.success ? parsed.data : null,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
  );
}

interface CallOptions<T> {
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string>;
  schema?: z.core.$ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends a call; a non-2xx answer throws its ApiError. */
async function send(method: Method, path: string, options: CallOptions<unknown>) {
  const { json, body, searchParams, signal, headers } = options;
  const request: CallRequest = { method, json, body, searchParams, signal, headers };

  const hadToken = Boolean(getToken());
  const early =
    method === 'get'
      ? takeEarlyAnswer(path, options.searchParams, options.headers?.['accept-language'])
      : undefined;
  // An early answer that did not arrive (the network) is asked for again, as any call would be.
  const response =
    (await early?.catch(() => undefined)) ?? (await client(path.replace(/^\//, ''), request));
  if (!response.ok) throw await failure(response, hadToken);
  return response;
}

async function bodyOf<T>(response: Response, schema: z.core.$ZodType<T> | undefined): Promise<T> {
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return schema ? z.parse(schema, data) : (data as T);
}

/**
 * Calls the API. A non-2xx answer throws an ApiError carrying the server's message; a 401 on a
 * signed-in call also forgets the session and goes to the login screen.
 */
export async function call<T>(
  method: Method,
  path: string,
  options: CallOptions<T> = {},
): Promise<T> {
  return bodyOf(await send(method, path, options), options.schema);
}

/** One page of a list call: its items, and how many items the list has in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * GETs one page of a list call (`?page=&pageSize=`); the total comes from `X-Total-Count`
 * (without it, the page is taken as the whole list).
 */
export async function getPage<T>(
  path: string,
  page: { page: number; pageSize: number },
  options: Omit<CallOptions<T[]>, 'json' | 'body'> = {},
): Promise<Page<T>> {
  const response = await send('get', path, {
    ...options,
    searchParams: {
      ...options.searchParams,
      page: String(page.page),
      pageSize: String(page.pageSize),
    },
  });
  const items = await bodyOf(response, options.schema);
  const header = Number.parseInt(response.headers.get('x-total-count') ?? '', 10);
  const total = Number.isFinite(header) ? header : (page.page - 1) * page.pageSize + items.length;
  return { items, total };
}

export const api = {
  get: <T>(path: string, options?: CallOptions<T>) => call<T>('get', path, options),
  post: <T>(path: string, json?: unknown, options?: CallOptions<T>) =>
    call<T>('post', path, { ...options, json }),
  put: <T>(path: string, json?: unknown, options?: CallOptions<T>) =>
    call<T>('put', path, { ...options, json }),
  delete: <T>(path: string, options?: CallOptions<T>) => call<T>('delete', path, options),
  upload: <T>(path: string, body: FormData, options?: CallOptions<T>) =>
    call<T>('post', path, { ...options, body }),
  page: getPage,
};

/** Downloads a protected file (e.g. a passport scan) with the session's token. */
export async function download(path: string): Promise<Blob> {
  const hadToken = Boolean(getToken());
  const response = await client(path.replace(/^\/?(api\/)?/, ''), { method: 'get' });
  if (!response.ok) throw await failure(response, hadToken);
  return response.blob();
}

/** The text to show for any error (spec §8: server message, 'Error: ' + message, or unknown). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // The client's own timeout (above): its message is already the app's, in its language.
  if (error instanceof DOMException && error.name === 'TimeoutError') return error.message;
  if (error instanceof Error && error.message) return `Error: ${error.message}`;
  return i18n.t('msg:unknownError');
}

/**
 * True for a 503: the service is briefly away (e.g. its database restarting) and nothing was
 * done, so the same call may be sent again.
 */
export function isUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 503;
}

/** True for the 401 that already sent the user to the login screen. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
