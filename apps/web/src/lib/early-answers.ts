/**
 * A call index.html's inline script started before the app's code arrived: a public booking
 * page's tour (ADR 0053, decision 12). On slow 4G the answer is then there when the page first
 * renders instead of a round trip after it.
 */
interface EarlyAnswer {
  /** The API path, as the app's calls name it (`tour/100401`). */
  path: string;
  language: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    cuscoEarly?: EarlyAnswer;
  }
}

/**
 * The early answer to a GET of `path` in `language`, once: the first call that matches takes it
 * (a later one, a refetch, asks the server again). Undefined when none was started for it.
 */
export function takeEarlyAnswer(path: string, language: string | undefined) {
  const early = window.cuscoEarly;
  if (!early || early.path !== path || early.language !== language) return undefined;
  window.cuscoEarly = undefined;
  return early.answer;
}
