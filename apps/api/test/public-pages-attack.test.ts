import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SLUG_PATTERN, type TourListItem } from '@cusco/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { createTestApp, isPostgres, type TestContext, testConfig } from './support/app.ts';

/**
 * Attacks on the public pages (issue 33): odd addresses and encodings, hostile headers, what staff
 * type into a tour's names and lists (stored XSS into the page, its JSON-LD, its meta tags and the
 * sitemap), renames back and forth and in parallel, inactive tours behind old addresses, and the
 * routes the pages sit beside. Each test fails while the hole it names is open.
 */
let ctx: TestContext;
let app: FastifyInstance;
let admin: string;
let codes: string[];
const BASE = 'https://treks.example.pe';

beforeAll(async () => {
  ctx = await createTestApp({ mail: { ...testConfig().mail, publicUrl: BASE } });
  app = ctx.app;
  admin = (await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  const list = await app.inject({
    url: '/api/tour/catalogue',
    headers: { 'accept-language': 'en' },
  });
  codes = list.json<TourListItem[]>().map((tour) => tour.code);
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

async function revisionOf(code: string): Promise<number> {
  const response = await app.inject({ url: `/api/admin/tours/${code}`, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return response.json<{ revision: number }>().revision;
}

async function save(code: string, section: string, payload: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/tours/${code}/${section}`,
    headers: { ...bearer(admin), 'accept-language': 'en' },
    payload: { revision: await revisionOf(code), ...payload },
  });
}

async function rename(code: string, nameEn: string, nameEs = nameEn) {
  const response = await save(code, 'texts', { nameEn, nameEs });
  expect(response.statusCode, response.body).toBe(200);
}

/** A tour's current address in a language: its catalogue card's link. */
async function addressOf(code: string, language = 'en'): Promise<string> {
  const html = (await get(`/${language}/tours`)).body;
  for (const [, link = ''] of html.matchAll(/<a href="(\/[a-z]{2}\/tours\/[^"]+)">/g)) {
    if ((await get(link)).body.includes(`/#/booking/${code}/`)) return link;
  }
  throw new Error(`no page for ${code}`);
}

describe('odd addresses', () => {
  it('answers every odd address with a 4xx or a redirect to a page of ours, never a 5xx', async () => {
    const slug = (await addressOf(codes[0] ?? '')).split('/')[3] ?? '';
    const urls = [
      `/en/tours/${slug}/`,
      `/en/tours/${slug.toUpperCase()}`,
      `/EN/tours/${slug}`,
      '/en//tours',
      '//en/tours',
      '/en/tours//',
      `/en/tours/${slug}%00`,
      '/en/tours/%00',
      '/en/tours/a%2Fb',
      '/en/tours/..%2F..%2Fetc%2Fpasswd',
      '/en/tours/%2e%2e',
      '/en/tours/caf%C3%A9-4d',
      '/en/tours/cafe%CC%81-4d',
      '/en/tours/%EF%BC%A1',
      `/en/tours/${slug}%20`,
      `/en/tours/${slug};x`,
      '/en/tours/%ZZ',
      '/en/tours/%C0%AE%C0%AE',
      `/en/tours/${'a'.repeat(1_000_000)}`,
      `/${'e'.repeat(1_000_000)}/tours`,
      `/en/tours?${'q'.repeat(100_000)}=<script>`,
      '//evil.example/tours',
      '/%2F%2Fevil.example',
      '/\\evil.example',
      '/xx/tours/%00',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url.slice(0, 60)).toBeLessThan(500);
      if (response.statusCode >= 300 && response.statusCode < 400) {
        expect(response.headers.location, url).toMatch(/^\/(en|es)\/tours(\/[a-z0-9-]+)?$/);
      }
      expect(response.body).not.toContain('<script>');
    }
  });

  it('leaves the API’s and OCTO’s own 404 answers under /api/… and /octo/… as they were', async () => {
    for (const url of [
      '/api/tours',
      '/api/tours/100201/nothing',
      '/files/tours/x',
      '/sandbox/tours',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // OCTO's own shape (its key is asked for first: 401 to a caller without one).
    const octo = await get('/octo/tours/x');
    expect(octo.statusCode).toBe(401);
    expect(octo.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(octo.json()).sort()).toEqual(['error', 'errorMessage']);
  });

  it('keeps no cache entry for an address with nothing at it', async () => {
    await get('/en/tours');
    const before = [app.catalogue.size, app.seats.size];
    for (let i = 0; i < 300; i++)
      await get(`/${i % 2 ? 'en' : 'es'}/tours/nothing-here-${i}-4d-3n`);
    expect([app.catalogue.size, app.seats.size]).toEqual(before);
  });

  it('answers HEAD with the headers only and refuses other methods with a 4xx', async () => {
    const url = await addressOf(codes[0] ?? '');
    const got = await get(url);
    for (const path of [url, '/en/tours', '/sitemap.xml', '/robots.txt']) {
      const head = await app.inject({ method: 'HEAD', url: path });
      expect(head.statusCode, path).toBe(200);
      expect(head.body, path).toBe('');
    }
    const head = await app.inject({
      method: 'HEAD',
      url,
      headers: { 'if-none-match': got.headers.etag as string },
    });
    expect(head.statusCode).toBe(304);
    for (const method of ['OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await app.inject({
        method,
        url,
        payload: method === 'OPTIONS' ? undefined : {},
      });
      expect(response.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, method).toBeLessThan(500);
    }
  });
});

describe('hostile headers', () => {
  it('never writes the request’s Host or X-Forwarded-Host into a page, the sitemap or robots.txt', async () => {
    const url = await addressOf(codes[0] ?? '');
    // A fresh cache: the first request of each answer is the one that would poison it.
    app.catalogueChanged();
    const hostile = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    };
    for (const path of [url, '/en/tours', '/sitemap.xml', '/robots.txt', '/en/tours/nothing-1d']) {
      const response = await get(path, hostile);
      expect(response.body, path).not.toContain('evil.example');
      expect(response.headers.location ?? '', path).not.toContain('evil.example');
    }
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${BASE}/en/tours</loc>`);
  });

  it('tells caches that a 404 page in the visitor’s language depends on Accept-Language', async () => {
    const english = await get('/fr/tours', { 'accept-language': 'en' });
    const spanish = await get('/fr/tours', { 'accept-language': 'es' });
    expect([
      english.body.includes('<html lang="en">'),
      spanish.body.includes('<html lang="es">'),
    ]).toEqual([true, true]);
    expect(english.headers.vary).toMatch(/accept-language/i);
  });

  it('sends the same page whatever encoding or validator games the client plays', async () => {
    const url = await addressOf(codes[0] ?? '');
    const plain = await get(url, { 'accept-encoding': 'identity' });
    const etag = plain.headers.etag as string;
    const br = await get(url, { 'accept-encoding': 'br' });
    const gzip = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const encoding of ['x'.repeat(20_000), 'gzip;q=abc', 'br;q=0, gzip;q=0, *;q=0', ',,,']) {
      const response = await get(url, { 'accept-encoding': encoding });
      expect(response.statusCode, encoding.slice(0, 20)).toBe(200);
      expect(response.headers.etag).toBe(etag);
    }
    for (const tag of ['"nope"', 'garbage', '', `${'"a", '.repeat(5000)}"b"`, etag.slice(2)]) {
      const response = await get(url, { 'if-none-match': tag });
      expect(response.statusCode, tag.slice(0, 20)).toBe(tag === etag.slice(2) ? 304 : 200);
    }
  });
});

/** Two active tours of the same length: the same name gives them the same slug. */
async function twins(): Promise<[string, string]> {
  const list = (await get('/api/tour/catalogue', { 'accept-language': 'en' })).json<
    (TourListItem & { days: number; nights: number })[]
  >();
  for (const one of list) {
    const other = list.find(
      (tour) => tour.code !== one.code && tour.days === one.days && tour.nights === one.nights,
    );
    if (other) return [one.code, other.code];
  }
  throw new Error('no two tours of the same length');
}

const HOSTILE =
  '</script><script>alert(1)</script>"\'><img src=x onerror=alert(1)>&amp;]]>\u2028<!--';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('what staff type', () => {
  it('shows a hostile name, itinerary and inclusion as text: no element, script or attribute of its own', async () => {
    const code = codes[3] ?? '';
    await rename(code, HOSTILE, `${HOSTILE} es`);
    const entry = { nameEn: HOSTILE, nameEs: HOSTILE };
    expect((await save(code, 'itinerary', { itinerary: [{ day: 1, ...entry }] })).statusCode).toBe(
      200,
    );
    expect(
      (await save(code, 'inclusions', { included: [entry], notIncluded: [entry] })).statusCode,
    ).toBe(200);
    const url = await addressOf(code);
    expect(url).toMatch(/^\/en\/tours\/[a-z0-9-]+$/);
    for (const page of [url, '/en/tours']) {
      const html = (await get(page)).body;
      // No script but the JSON-LD blocks, no image, no comment opened by the name.
      expect(html.match(/<script/g)?.length, page).toBe(
        html.match(/<script type="application\/ld\+json">/g)?.length,
      );
      expect(html, page).not.toMatch(/<img|<!--/);
      for (const [, json = ''] of html.matchAll(
        /<script type="application\/ld\+json">(.*?)<\/script>/gs,
      )) {
        expect(json).not.toMatch(/<|\u2028/);
        JSON.parse(json);
      }
    }
    const html = (await get(url)).body;
    const trip = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1] ?? 'null') as { '@type': string; name: string })
      .find((data) => data['@type'] === 'TouristTrip');
    expect(trip?.name).toBe(HOSTILE);
    for (const meta of ['name="description"', 'property="og:title"', 'name="twitter:title"']) {
      const content = new RegExp(`<meta ${meta} content="([^"]*)"/>`).exec(html)?.[1];
      expect(content && decode(content), meta).toContain(HOSTILE);
    }
    expect(decode(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '')).toContain(HOSTILE);
    const sitemap = (await get('/sitemap.xml')).body;
    for (const [, loc = ''] of sitemap.matchAll(/<loc>(.*?)<\/loc>/g)) {
      expect(loc).toMatch(/^https:\/\/treks\.example\.pe\/(en|es)\/tours(\/[a-z0-9-]+)?$/);
    }
  });
});

describe('renames', () => {
  it('sends an old address to the current one in one hop, a redirect no browser keeps for good (renamed back and forth)', async () => {
    const code = codes[4] ?? '';
    await rename(code, 'Attack Alpha');
    const alpha = await addressOf(code);
    await rename(code, 'Attack Beta');
    const beta = await addressOf(code);
    await rename(code, 'Attack Alpha');
    expect(await addressOf(code)).toBe(alpha);
    expect((await get(alpha)).statusCode).toBe(200);
    const old = await get(beta);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(alpha);
    // A browser keeps a 301 with no Cache-Control for good: had it kept alpha → beta, alpha
    // renamed back would now loop between the two.
    expect(old.headers['cache-control']).toMatch(/no-cache|no-store|max-age=0\b/);
  });

  it('gives a tour renamed to another tour’s old name an address of its own, and leaves the old one to its tour', async () => {
    const [a, b] = await twins();
    await rename(a, 'Attack Gamma');
    const gamma = await addressOf(a);
    await rename(a, 'Attack Delta');
    await rename(b, 'Attack Gamma');
    const bAddress = await addressOf(b);
    expect(bAddress).not.toBe(gamma);
    const old = await get(gamma);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(await addressOf(a));
  });

  it('answers 410 at a deactivated tour’s current and old addresses, with no way to its new name', async () => {
    const code = codes[5] ?? '';
    await rename(code, 'Attack Hidden Old');
    const before = await addressOf(code);
    await rename(code, 'Attack Hidden New');
    const after = await addressOf(code);
    expect((await save(code, 'active', { active: false })).statusCode).toBe(200);
    try {
      for (const url of [before, after]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(410);
        expect(response.headers.location).toBeUndefined();
        expect(response.body).not.toContain('hidden-new');
      }
      for (const page of ['/sitemap.xml', '/en/tours', '/es/tours']) {
        expect((await get(page)).body, page).not.toMatch(/attack-hidden|Attack Hidden/);
      }
    } finally {
      expect((await save(code, 'active', { active: true })).statusCode).toBe(200);
    }
  });

  it.runIf(isPostgres)(
    'survives a storm of parallel renames to the same names: every save answered, every address unique and leading to its tour',
    async () => {
      const [a, b] = await twins();
      const seen = new Map<string, Set<string>>([
        [a, new Set()],
        [b, new Set()],
      ]);
      for (const name of ['Storm One', 'Storm Two', 'Storm One', 'Storm Two']) {
        const saves = await Promise.all(
          [a, b].map(async (code) => save(code, 'texts', { nameEn: name, nameEs: name })),
        );
        for (const response of saves) expect(response.statusCode, response.body).toBe(200);
        const [pageA, pageB] = await Promise.all([addressOf(a), addressOf(b)]);
        expect(pageA).not.toBe(pageB);
        seen.get(a)?.add(pageA);
        seen.get(b)?.add(pageB);
      }
      for (const [code, urls] of seen) {
        const current = await addressOf(code);
        for (const url of urls) {
          expect(url.split('/')[3]).toMatch(SLUG_PATTERN);
          const response = await get(url);
          if (url === current) expect(response.statusCode).toBe(200);
          else expect(response.headers.location, url).toBe(current);
        }
      }
    },
  );
});
