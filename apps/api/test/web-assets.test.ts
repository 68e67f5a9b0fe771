import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { translate } from '@cusco/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';

// A built web app as `vite build` leaves it: hashed assets with their .br and .gz copies.
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const html = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

let ctx: TestContext;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dist, file), content);
    // Marked copies, so the test knows which file was sent.
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(`${content}/*br*/`));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(`${content}/*gz*/`));
  };
  write('index.html', html);
  write('assets/index-abc123.js', script);
  ctx = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app as served', () => {
  it('sends the build-time brotli copy of an asset, cached for a year', async () => {
    const response = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${script}/*br*/`);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gzip = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets index.html be cached without asking', async () => {
    const response = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('compresses an API answer over 1 KB, not a small one', async () => {
    const large = await ctx.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    const small = await ctx.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("prefers gzip for answers made per request when a browser takes both, brotli when it's all", async () => {
    const browser = await ctx.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(browser.rawPayload).toString())).toHaveProperty('openapi');
    const brotliOnly = await ctx.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotliOnly.rawPayload).toString())).toHaveProperty(
      'openapi',
    );
  });
});

describe('a path no route can read', () => {
  it('is answered with the security headers and the error body of every other error', async () => {
    for (const [url, status] of [
      ['/api/tour/%E0%A4%A', 400],
      ['/en/tours/%zz', 400],
      [`/api/tour/booking/${'x'.repeat(200)}`, 414],
    ] as const) {
      const response = await ctx.app.inject({ url, headers: { 'accept-language': 'es' } });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain('default-src');
      const body = response.json();
      expect(body.statusCode, url).toBe(status);
      // In the reader's language, and without the path it was sent.
      expect(body.message, url).toBe(translate('invalidInput', 'es'));
      expect(response.body, url).not.toContain('%');
    }
  });
});

describe('security headers', () => {
  it("sets helmet's headers on answers, errors and the web app alike", async () => {
    for (const url of ['/', '/api/tour/100401', '/api/no-such-route', '/api/tour/booking/list']) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'self'",
      );
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      expect(response.headers['strict-transport-security'], url).toContain('max-age=');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      // Not for any browser in use (ADR 0057).
      for (const obsolete of [
        'x-xss-protection',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-dns-prefetch-control',
      ]) {
        expect(response.headers[obsolete], `${url} ${obsolete}`).toBeUndefined();
      }
    }
  });
});
