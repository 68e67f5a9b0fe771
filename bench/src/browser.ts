// What a browser sends with each call (Chrome on an Android phone): the bench calls the product
// as its users do, so that it pays for what they make it pay for (compression, the language).

export type BrowserHeaders = Record<string, string>;

const userAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The web app's calls to the API (its `fetch`, through ky). */
export const browserHeaders: BrowserHeaders = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9,es;q=0.8',
  'user-agent': userAgent,
};

/** A page opened in the browser (a link from a search engine). */
export const pageHeaders: BrowserHeaders = {
  ...browserHeaders,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};

/** The same headers from a client that takes no compression (an API client, a reseller's server). */
export function withoutCompression(headers: BrowserHeaders): BrowserHeaders {
  const { 'accept-encoding': _, ...rest } = headers;
  return rest;
}
