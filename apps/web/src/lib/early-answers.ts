/**
 * Calls index.html's inline script started before the app's code arrived: a public booking
 * page's tour and its first departure's days (ADR 0053, decision 12). On slow 4G the answers are
 * then there when the page first renders instead of a round trip after it.
 */
declare global {
  interface Window {
    /** Each answer under `path?query|language`, as `earlyKey` writes it. */
    cuscoEarly?: Record<string, Promise<Response> | undefined>;
  }
}

/** A call's key: its API path, its query as URLSearchParams writes it, and its language. */
export function earlyKey(
  path: string,
  searchParams: Record<string, string> | undefined,
  language: string | undefined,
) {
  return `${path.replace(/^\//, '')}?${new URLSearchParams(searchParams).toString()}|${language ?? ''}`;
}

/**
 * The early answer to a GET, once: the first call that matches takes it (a later one, a refetch,
 * asks the server again). Undefined when none was started for it.
 */
export function takeEarlyAnswer(
  path: string,
  searchParams: Record<string, string> | undefined,
  language: string | undefined,
) {
  const early = window.cuscoEarly;
  if (!early) return undefined;
  const key = earlyKey(path, searchParams, language);
  const answer = early[key];
  delete early[key];
  return answer;
}
