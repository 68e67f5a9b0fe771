import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** In development the API runs on API_PORT (3001) and Vite serves the app on 3000. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [
    react(),
    // A brotli (.br) and a gzip (.gz) copy of every text file, served as they are by the API
    // (@fastify/static's preCompressed): nothing is compressed per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|wasm)$/,
      exclude: /manifest\.json$/,
      threshold: 1024,
    }),
    // The installable app and its service worker (issue 32, docs/guide-app.md): Workbox precaches
    // the app shell (code, styles, index.html, icons; not the .br/.gz copies, which the server
    // chooses by Accept-Encoding) so that the app opens with no network; the data offline is the
    // app's own copy of API answers in IndexedDB, not the service worker's. A new deploy installs
    // a new worker, which waits until the app offers "New version — Reload" (src/app/pwa.ts).
    VitePWA({
      registerType: 'prompt',
      // src/app/pwa.ts registers it after the first render, in production builds only.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Cusco Treks',
        short_name: 'Cusco Treks',
        description: 'Cusco Treks: bookings, vouchers and the guide’s app on the trail.',
        lang: 'es',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0c5c46',
        background_color: '#f4efe6',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2,woff,png,svg,ico,webmanifest}'],
        // The build's manifest for scripts/first-load.mjs is no part of the app.
        globIgnores: ['.vite/**', '**/*.br', '**/*.gz'],
        navigateFallback: 'index.html',
        // What the server answers itself: the API, uploaded files, the payment sandbox, OCTO,
        // and the public pages it renders at real paths.
        navigateFallbackDenylist: [/^\/api/, /^\/files/, /^\/sandbox/, /^\/octo/],
        cleanupOutdatedCaches: true,
        // The ZXing QR reader (1 MB of WebAssembly) only for phones without their own reader:
        // not precached for everyone, kept once fetched (the guide's download fetches it).
        runtimeCaching: [
          {
            urlPattern: ({ url }) =>
              url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
            handler: 'CacheFirst',
            options: { cacheName: 'qr-reader', expiration: { maxEntries: 2 } },
          },
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { '/api': apiTarget, '/sandbox': apiTarget, '/files': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/first-load.mjs sum what each screen downloads first.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // A few larger chunks instead of a hundred small ones: a phone on HTTP/1.1 opens six
        // connections per host and pays a round trip for each file, so on slow 4G fifty 1 KB
        // chunks cost more than the bytes that grouping makes some screens load early.
        codeSplitting: {
          groups: [
            {
              // The API messages' texts, one chunk per language: lib/i18n.ts loads the one the
              // screen speaks (packages/shared's messages.ts imports both; the web app does not
              // use that catalogue, and without this group both languages went into `common`).
              name: (id) => `messages-${/[\\/](\w+)\.json$/.exec(id)?.[1] ?? 'x'}`,
              test: /packages[\\/]shared[\\/]src[\\/]locales[\\/]\w+\.json$/,
              priority: 5,
            },
            {
              name: 'framework',
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store|ky|zod|dayjs)[\\/]/.test(
                  id,
                ) &&
                // TanStack's dehydrate/hydrate go with the offline store (lib/offline/persist.ts),
                // which loads for a signed-in user only.
                !/query-core[\\/]build[\\/]modern[\\/]hydration/.test(id),
              priority: 4,
            },
            {
              // The rest of Mantine and what it builds on that six screens or more use; what
              // fewer use goes with those screens (Lighthouse: login 0.88 → 0.91, booking 0.84
              // → 0.85 against one chunk for all of it).
              name: 'mantine',
              test: (id) => /node_modules[\\/]/.test(id) && !/@mantine[\\/]dates|@tabler/.test(id),
              priority: 3,
              minShareCount: 6,
            },
            // The date pickers only where a date is picked, and the icons apart.
            {
              name: 'dates',
              test: /node_modules[\\/]@mantine[\\/]dates[\\/]/,
              // Only the pickers: the Mantine parts they build on stay where the other screens
              // find them, or the entry would import them from here and load every picker.
              includeDependenciesRecursively: false,
              priority: 2,
            },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 2 },
            {
              // The app's own helpers and the shared rules that several screens use.
              name: 'common',
              // Not the forms that pick a date: they would bring the date pickers to every screen.
              test: (id) =>
                /web[\\/]src[\\/](lib|components|config)[\\/]|packages[\\/]shared[\\/]/.test(id) &&
                !/components[\\/](account[\\/]sign-up-form|date-field-input|local-dates)\./.test(
                  id,
                ) &&
                // Each language's messages are a chunk of their own (lib/i18n.ts loads one).
                !/locales[\\/]/.test(id) &&
                // The offline store (IndexedDB) loads for a signed-in user or the guide's app only.
                !/lib[\\/]offline[\\/]/.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
