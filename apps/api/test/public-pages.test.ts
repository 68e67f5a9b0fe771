import { CustomerTypeId, quoteBooking, type Tour, type TourListItem, toCents } from '@cusco/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * The public pages (issue 33): the catalogue and a page per tour in both languages, rendered by
 * the API, listed in the sitemap, fresh after a staff edit, with their old addresses redirected
 * and every bad address a 404 page.
 */
let ctx: TestContext;
let app: FastifyInstance;
let admin: string;
const BASE = 'https://treks.example.pe';

beforeAll(async () => {
  ctx = await createTestApp({
    mail: { ...(await import('./support/app.ts')).testConfig().mail, publicUrl: BASE },
  });
  app = ctx.app;
  admin = (await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

/** The active tours, as the app's catalogue lists them. */
async function activeTours(language = 'en'): Promise<TourListItem[]> {
  const response = await get('/api/tour/catalogue', { 'accept-language': language });
  expect(response.statusCode).toBe(200);
  return response.json<TourListItem[]>();
}

/** The sitemap's addresses, and each one's alternates. */
async function sitemap() {
  const response = await get('/sitemap.xml');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/xml/);
  return [...response.body.matchAll(/<url>(.*?)<\/url>/g)].map(([, entry = '']) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(entry)?.[1] ?? '',
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(entry)?.[1] ?? '',
    alternates: Object.fromEntries(
      [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    ),
  }));
}

/** What a page's head says: canonical, hreflang alternates, JSON-LD blocks. */
function headOf(html: string) {
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>(.*?)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    alternates: Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
    og: Object.fromEntries(
      [...html.matchAll(/<meta property="og:([a-z_:]+)" content="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    ),
    scripts: [...html.matchAll(/<script(?![^>]*application\/ld\+json)/g)].length,
  };
}

const path = (url: string) => url.slice(BASE.length);

/** The tour's page addresses in both languages, from the sitemap. */
async function pagesOf(code: string) {
  const html = (await get('/en/tours')).body;
  const links = [...html.matchAll(/<a href="(\/en\/tours\/[^"]+)">/g)].map((m) => m[1] ?? '');
  for (const link of links) {
    const page = await get(link);
    if (page.body.includes(`/#/booking/${code}/0`)) {
      const head = headOf(page.body);
      return { en: path(head.alternates.en ?? ''), es: path(head.alternates.es ?? '') };
    }
  }
  throw new Error(`no page for ${code}`);
}

/** The offer of a tour page's TouristTrip. */
async function offerOf(url: string) {
  const page = await get(url);
  expect(page.statusCode, url).toBe(200);
  const trip = headOf(page.body).jsonLd.find((data) => data['@type'] === 'TouristTrip');
  return trip?.offers as { price: string; priceCurrency: string; availability: string };
}

function save(code: string, section: string, payload: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/tours/${code}/${section}`,
    headers: { ...bearer(admin), 'accept-language': 'en' },
    payload,
  });
}

async function revisionOf(code: string): Promise<number> {
  const response = await app.inject({ url: `/api/admin/tours/${code}`, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return response.json<{ revision: number }>().revision;
}

/**
 * The lowest adult price per person the booking rules charge for the tour, over every type,
 * category and group size it takes (quoteBooking on the booking page's own answer).
 */
function lowestQuote(tour: Tour): number {
  const catalog = {
    prices: tour.prices.map((price) => ({ ...price, priceCents: toCents(price.price) })),
    hotelPrices: [],
    hotelNights: tour.hotelNight,
    services: [],
  };
  let lowest = Number.POSITIVE_INFINITY;
  for (const type of tour.types) {
    for (const category of tour.categories) {
      for (let size = 1; size <= tour.maxPassengers; size++) {
        const result = quoteBooking(catalog, {
          typeId: type.value,
          categoryId: category.value,
          passengers: [{ customerTypeId: CustomerTypeId.adult, quantity: size }],
          hotels: [],
          services: [],
        });
        if (result.ok)
          lowest = Math.min(lowest, (result.quote.passengers[0]?.unitCents ?? 0) / 100);
      }
    }
  }
  return lowest;
}

describe('the pages of every active tour', () => {
  it('has a page in both languages, listed in the sitemap, with reciprocal hreflang', async () => {
    const tours = await activeTours();
    expect(tours.length).toBeGreaterThan(5);
    const entries = await sitemap();
    const locs = entries.map((entry) => entry.loc);
    expect(locs).toContain(`${BASE}/en/tours`);
    expect(locs).toContain(`${BASE}/es/tours`);
    expect(entries).toHaveLength(2 + 2 * tours.length);
    for (const entry of entries) {
      expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const page = await get(path(entry.loc));
      expect(page.statusCode, entry.loc).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const head = headOf(page.body);
      const language = entry.loc.includes('/en/') ? 'en' : 'es';
      expect(head.lang).toBe(language);
      expect(head.canonical).toBe(entry.loc);
      expect(head.og.url).toBe(entry.loc);
      expect(head.og.image).toBe(`${BASE}/icon-512.png`);
      // No script of its own: the page is complete without JavaScript.
      expect(head.scripts).toBe(0);
      // The alternates name this page and its twin, and the twin names this one back.
      expect(head.alternates[language]).toBe(entry.loc);
      expect(head.alternates['x-default']).toBe(head.alternates.es);
      const other = language === 'en' ? 'es' : 'en';
      const twin = headOf((await get(path(head.alternates[other] ?? ''))).body);
      expect(twin.alternates).toEqual(head.alternates);
      expect(entry.alternates).toEqual(head.alternates);
    }
    // Every active tour's booking page is linked from exactly one page per language.
    for (const tour of tours) {
      const pages = await pagesOf(tour.code);
      expect(locs).toContain(`${BASE}${pages.en}`);
      expect(locs).toContain(`${BASE}${pages.es}`);
    }
  });

  it('gives readable addresses from the names, and the app catalogue’s families', async () => {
    const pages = await pagesOf('100401');
    expect(pages).toEqual({
      en: '/en/tours/classic-inca-trail-4d-3n',
      es: '/es/tours/camino-inka-clasico-4d-3n',
    });
    const html = (await get('/es/tours')).body;
    expect(html).toContain('<html lang="es">');
    for (const tour of await activeTours('es')) expect(html).toContain(tour.categoryname);
    expect(html).toContain('href="/es/tours/camino-inka-clasico-4d-3n"');
    expect(html).toContain('href="/en/tours"');
  });

  it('shows what a traveller decides on, and links into the booking page', async () => {
    const page = await get('/en/tours/classic-inca-trail-4d-3n');
    const html = page.body;
    const tour = (await get('/api/tour/100401', { 'accept-language': 'en' })).json<Tour>();
    expect(html).toContain(`<h1>${tour.name}</h1>`);
    expect(html).toContain('4 days / 3 nights');
    for (const event of tour.itinerary) expect(html).toContain(event.name);
    for (const item of [...tour.includeServices, ...tour.notincludeServices]) {
      expect(html).toContain(item.name);
    }
    expect(html).toContain('href="/#/booking/100401/0"');
    expect(html).toMatch(/href="\/#\/booking\/100401\/0\?date=\d{4}-\d{2}-\d{2}"/);
    expect(html).toContain('Prices per person by group size');
    expect(html).toContain('Terms in short');
    const spanish = (await get('/es/tours/camino-inka-clasico-4d-3n')).body;
    expect(spanish).toContain('href="/#/booking/100401/1"');
    expect(spanish).toContain('Próximas fechas abiertas');
  });

  it('carries parsable structured data with the price and currency', async () => {
    for (const url of [
      '/en/tours/classic-inca-trail-4d-3n',
      '/es/tours/camino-inka-clasico-4d-3n',
    ]) {
      const head = headOf((await get(url)).body);
      const trip = head.jsonLd.find((data) => data['@type'] === 'TouristTrip');
      const crumbs = head.jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
      expect(trip?.['@context']).toBe('https://schema.org');
      expect(trip?.url).toBe(`${BASE}${url}`);
      expect(trip?.provider).toMatchObject({ '@type': 'TravelAgency', name: 'Cusco Treks' });
      const offer = trip?.offers as Record<string, string>;
      expect(offer.priceCurrency).toBe('USD');
      expect(Number(offer.price)).toBeGreaterThan(0);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\//);
      expect(
        (trip?.itinerary as { itemListElement: unknown[] } | undefined)?.itemListElement,
      ).toHaveLength(4);
      expect(crumbs?.itemListElement as unknown[] | undefined).toHaveLength(2);
    }
  });
});

describe('freshness', () => {
  it('shows an edited price at once on the page and in the booking, as the rules charge it', async () => {
    const before = await offerOf('/en/tours/salkantay-trek-5d-4n');
    const editor = (
      await app.inject({ url: '/api/admin/tours/200501', headers: bearer(admin) })
    ).json<{
      revision: number;
      prices: {
        typeId: string;
        categoryId: string;
        tiers: { groupSize: number; prices: { customerTypeId: string; price: number }[] }[];
      }[];
    }>();
    const lowered = Number(before.price) - 77;
    const prices = editor.prices.map((series) => ({
      ...series,
      tiers: series.tiers.map((tier) => ({
        ...tier,
        prices: tier.prices.map((price) =>
          price.customerTypeId === CustomerTypeId.adult && price.price === Number(before.price)
            ? { ...price, price: lowered }
            : price,
        ),
      })),
    }));
    const response = await save('200501', 'prices', { revision: editor.revision, prices });
    expect(response.statusCode, response.body).toBe(200);

    const after = await offerOf('/en/tours/salkantay-trek-5d-4n');
    expect(Number(after.price)).toBe(lowered);
    expect((await get('/en/tours')).body).toMatch(
      new RegExp(`USD\\s${lowered.toLocaleString('en-US')}`),
    );
    const tour = (await get('/api/tour/200501')).json<Tour>();
    expect(lowestQuote(tour)).toBe(lowered);
    expect(Number((await offerOf('/es/tours/caminata-a-salkantay-5d-4n')).price)).toBe(lowered);
  });

  it('answers 304 to the ETag it gave, and a new ETag after an edit', async () => {
    for (const url of [
      '/en/tours',
      '/es/tours/camino-inka-clasico-4d-3n',
      '/sitemap.xml',
      '/robots.txt',
    ]) {
      const first = await get(url, { 'accept-encoding': 'gzip' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      const etag = String(first.headers.etag);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('moves a renamed tour to its new address and redirects the old one', async () => {
    const response = await save('200401', 'texts', {
      revision: await revisionOf('200401'),
      nameEn: 'Lares Valley Trek 4D/3N',
      nameEs: 'Caminata al Valle de Lares 4D/3N',
    });
    expect(response.statusCode, response.body).toBe(200);
    const old = await get('/en/tours/lares-trek-4d-3n');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/en/tours/lares-valley-trek-4d-3n');
    const oldEs = await get('/es/tours/caminata-a-lares-4d-3n');
    expect(oldEs.headers.location).toBe('/es/tours/caminata-al-valle-de-lares-4d-3n');
    const page = await get('/en/tours/lares-valley-trek-4d-3n');
    expect(page.statusCode).toBe(200);
    expect(headOf(page.body).alternates.es).toBe(
      `${BASE}/es/tours/caminata-al-valle-de-lares-4d-3n`,
    );
    const locs = (await sitemap()).map((entry) => entry.loc);
    expect(locs).toContain(`${BASE}/en/tours/lares-valley-trek-4d-3n`);
    expect(locs).not.toContain(`${BASE}/en/tours/lares-trek-4d-3n`);

    // Named back: the first address is the current one again, the second redirects.
    await save('200401', 'texts', {
      revision: await revisionOf('200401'),
      nameEn: 'Lares Trek 4D/3N',
      nameEs: 'Caminata a Lares 4D/3N',
    });
    expect((await get('/en/tours/lares-trek-4d-3n')).statusCode).toBe(200);
    expect((await get('/en/tours/lares-valley-trek-4d-3n')).headers.location).toBe(
      '/en/tours/lares-trek-4d-3n',
    );
  });

  it('answers 410 for an inactive tour and leaves it out of the sitemap and catalogue', async () => {
    const url = '/en/tours/short-inca-trail-2d-1n';
    expect((await get(url)).statusCode).toBe(200);
    const off = await save('100201', 'active', {
      revision: await revisionOf('100201'),
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await get(url);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gone.body).toContain('This tour is no longer offered');
    expect(gone.body).toContain('<meta name="robots" content="noindex"/>');
    expect((await get('/es/tours/camino-inka-corto-2d-1n')).statusCode).toBe(410);
    const locs = (await sitemap()).map((entry) => entry.loc);
    expect(locs.some((loc) => loc.includes('short-inca-trail'))).toBe(false);
    expect((await get('/en/tours')).body).not.toContain('short-inca-trail');

    await save('100201', 'active', { revision: await revisionOf('100201'), active: true });
    expect((await get(url)).statusCode).toBe(200);
  });
});

describe('addresses with nothing at them', () => {
  it.each([
    ['/es/tours/no-existe-4d-3n', 'es'],
    ['/en/tours/classic-inca-trail-4d-3n/extra', 'en'],
    ['/en/tours/Classic-Inca-Trail', 'en'],
    ['/en/tours/%00', 'en'],
    ['/es/tours/a%00b', 'es'],
    ['/es/tours/..%2F..%2Fetc%2Fpasswd', 'es'],
    ['/es/tours/%E2%80%AE', 'es'],
    ['/en/nothing', 'en'],
    [`/es/tours/${'a'.repeat(1_000_000)}`, 'es'],
    [`/en/${'x/'.repeat(50_000)}`, 'en'],
  ])('%s is a 404 page in its language', async (url, language) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<html lang="${language}">`);
    expect(response.body).toContain(`href="/${language}/tours"`);
  });

  it('refuses an address that is not percent-encoded right with a 400, as every route does', async () => {
    const response = await get('/es/tours/%ZZ');
    expect(response.statusCode).toBe(400);
  });

  it('answers an unknown language with a 404 page in the visitor’s', async () => {
    const response = await get('/fr/tours', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<html lang="en">');
    expect((await get('/de/tours/classic-inca-trail-4d-3n')).body).toContain('<html lang="es">');
  });

  it('sends a language root to its catalogue', async () => {
    for (const language of ['en', 'es']) {
      const response = await get(`/${language}`);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`/${language}/tours`);
    }
  });

  it('leaves the API’s own 404 as it was', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('robots.txt', () => {
  it('allows the pages, keeps crawlers off the API and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Allow: /es/');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
