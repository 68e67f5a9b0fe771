import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourPrices, tours } from '../src/db/schema.ts';
import { bumpCatalogueVersion } from '../src/lib/versions.ts';
import { signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookingFor, loadTour, postBooking } from './support/bookings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const tourUrl = '/api/tour/100401';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('catalogue answers from memory', () => {
  it('sends an ETag and answers 304 to a matching If-None-Match, with no body', async () => {
    const first = await ctx.app.inject({ url: tourUrl });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(String(first.headers.vary)).toContain('Accept-Language');

    const again = await ctx.app.inject({ url: tourUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await ctx.app.inject({
      url: tourUrl,
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('keeps one answer per language, each with its own ETag', async () => {
    const en = await ctx.app.inject({ url: tourUrl, headers: { 'accept-language': 'en' } });
    const es = await ctx.app.inject({ url: tourUrl, headers: { 'accept-language': 'es' } });
    expect(en.json().name).not.toBe(es.json().name);
    expect(en.headers.etag).not.toBe(es.headers.etag);
    const countriesEs = await ctx.app.inject({
      url: '/api/common/countries',
      headers: { 'accept-language': 'es' },
    });
    expect(countriesEs.statusCode).toBe(200);
    expect(countriesEs.json().some((c: { label: string }) => c.label === 'Perú')).toBe(true);
  });

  it('sends brotli or gzip to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await ctx.app.inject({ url: tourUrl });
    const br = await ctx.app.inject({ url: tourUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await ctx.app.inject({ url: tourUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(gzip.headers.etag).toBe(plain.headers.etag);

    // Content codings are case-insensitive (RFC 9110 §8.4.1): the kept bytes, not compressed again.
    const shouted = await ctx.app.inject({ url: tourUrl, headers: { 'accept-encoding': 'GZIP' } });
    expect(shouted.headers['content-encoding']).toBe('gzip');
    expect(shouted.rawPayload.equals(gzip.rawPayload)).toBe(true);
    const mixed = await ctx.app.inject({
      url: tourUrl,
      headers: { 'accept-encoding': 'Gzip;Q=0.5, BR' },
    });
    expect(mixed.headers['content-encoding']).toBe('br');
    expect(mixed.rawPayload.equals(br.rawPayload)).toBe(true);

    // A coding refused by name is not given for `*`.
    const encodingFor = async (accepted: string) =>
      (await ctx.app.inject({ url: tourUrl, headers: { 'accept-encoding': accepted } })).headers[
        'content-encoding'
      ];
    expect(await encodingFor('br;q=0, *')).toBe('gzip');
    expect(await encodingFor('BR;Q=0, *')).toBe('gzip');
    expect(await encodingFor('gzip;q=0.5, br;q=0.0')).toBe('gzip');
  });

  it('does not keep an unknown code', async () => {
    const before = ctx.app.catalogue.size;
    const missing = await ctx.app.inject({ url: '/api/tour/999999' });
    expect(missing.statusCode).toBe(404);
    expect(ctx.app.catalogue.size).toBe(before);
  });

  it('serves a change only once the catalogue version moves, then within a second', async () => {
    const before = await ctx.app.inject({ url: tourUrl });
    const name = before.json().name as string;
    await ctx.database.db
      .update(tours)
      .set({ nameEn: `${name} (renamed)` })
      .where(eq(tours.code, '100401'));
    // Not announced: the cached answer stands.
    expect((await ctx.app.inject({ url: tourUrl })).json().name).toBe(name);

    await bumpCatalogueVersion(ctx.database.db);
    const changedAt = Date.now();
    const after = await until(
      () => ctx.app.inject({ url: tourUrl }),
      (response) => response.json().name !== name,
    );
    expect(after.json().name).toBe(`${name} (renamed)`);
    expect(Date.now() - changedAt).toBeLessThan(1500);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('booking prices from the cached catalogue', () => {
  it('prices a booking as the cached tour did, and a price change once announced', async () => {
    const { token } = await signUpAndIn(ctx.app);
    const tour = await loadTour(ctx.app, '100401');
    const before = bookingFor(tour);
    const first = await postBooking(ctx.app, token, before);
    expect(first.statusCode, first.body).toBe(201);

    // Every price of the tour goes up by $10; unannounced, bookings keep the cached prices.
    const [row] = await ctx.database.db.select().from(tours).where(eq(tours.code, '100401'));
    await ctx.database.db
      .update(tourPrices)
      .set({ priceCents: sql`${tourPrices.priceCents} + 1000` })
      .where(eq(tourPrices.tourId, row?.id ?? ''));
    const unannounced = await postBooking(ctx.app, token, bookingFor(tour));
    expect(unannounced.statusCode, unannounced.body).toBe(201);

    await bumpCatalogueVersion(ctx.database.db);
    // Within a second the node reads the new version: the tour shows the new prices (read
    // without booking: bookings accepted meanwhile at the old prices would take the date's seats)…
    const repriced = await until(
      () => loadTour(ctx.app, '100401'),
      (next) => bookingFor(next).adultPrice !== before.adultPrice,
    );
    const after = bookingFor(repriced);
    expect(after.adultPrice).toBe(before.adultPrice + 10);
    // …and the old figures are refused (409 with the server's quote), the new ones accepted.
    const refused = await postBooking(ctx.app, token, bookingFor(tour));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().details.quote.amount, refused.body).toBeGreaterThan(before.amount);
    const accepted = await postBooking(ctx.app, token, after);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});
