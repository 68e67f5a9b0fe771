import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Routing is hash-based, so only index.html and the hashed assets
 * exist; assets are cached for a year, index.html never. The build writes a brotli and a gzip
 * copy of each text file beside it, which are sent as they are to clients that accept them.
 */
export async function registerWebApp(app: FastifyInstance, dist: string) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; everything else (index.html, the service worker sw.js and
      // its workbox runtime, manifest.webmanifest, icons) is asked for again each time, so that a
      // new deploy reaches installed apps (issue 32, docs/guide-app.md).
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
}

/**
 * The CSP sources of the built index.html's inline scripts (the root address's redirect to the
 * public catalogue, issue 33): each one's SHA-256, as the browser hashes it. None when the app
 * is not built.
 */
export function inlineScriptHashes(dist: string): string[] {
  const file = path.join(dist, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}
