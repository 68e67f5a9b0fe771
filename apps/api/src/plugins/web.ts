import { existsSync } from 'node:fs';
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
