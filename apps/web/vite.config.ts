import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyStart } from './vite-early-start.ts';
import { mantineStableId } from './vite-mantine-id.ts';

/**
 * The modules that the first screens a phone opens need before they show: the entry, the public
 * booking page and login, each with its static imports (not what they load on demand). The
 * chunk groups below put these in the first chunks and leave the rest of the libraries and
 * helpers to the screens that use them (ADR 0053). Filled at the end of the build's module graph,
 * before the chunks are made.
 */
const firstScreens = new Map<string, Set<FirstScreen>>();
const FIRST_SCREENS = {
  // The entry and the app's start it imports in steps (main.tsx, ADR 0061).
  main: /[\\/]src[\\/](main|app[\\/]start(-react|-mantine)?)\.tsx?$/,
  booking: /[\\/]features[\\/]booking[\\/]routes[\\/]booking-page\.tsx$/,
  login: /[\\/]features[\\/]auth[\\/]routes[\\/]login-page\.tsx$/,
};
type FirstScreen = keyof typeof FIRST_SCREENS;

/**
 * Which first screen needs a module: 'shared' for the entry's and what both screens use, the
 * screen's name for what only one of them uses (its own chunk: login does not load the booking
 * page's Stepper, nor the booking page login's password field), undefined for the rest.
 */
function firstScreenOf(id: string): 'shared' | 'booking' | 'login' | undefined {
  const screens = firstScreens.get(id);
  if (!screens) return undefined;
  if (screens.has('main') || screens.size > 1) return 'shared';
  return screens.has('booking') ? 'booking' : 'login';
}
function findFirstScreens(): Plugin {
  return {
    name: 'cusco:first-screens',
    apply: 'build',
    buildEnd() {
      firstScreens.clear();
      const source = (id: string) => {
        try {
          return readFileSync(id.split('?')[0] ?? id, 'utf8');
        } catch {
          return '';
        }
      };
      // A library's index that only re-exports its modules (Mantine's, Tabler's): only the
      // modules of the names a screen imports from it count, not all of the library.
      const barrels = new Map<string, Map<string, string> | null>();
      const barrel = (id: string) => {
        if (!barrels.has(id)) barrels.set(id, readBarrel(id, source(id)));
        return barrels.get(id) ?? null;
      };
      let screen: FirstScreen = 'main';
      const visit = (id: string) => {
        const screens = firstScreens.get(id) ?? new Set<FirstScreen>();
        if (screens.has(screen)) return;
        firstScreens.set(id, screens.add(screen));
        const imported = this.getModuleInfo(id)?.importedIds ?? [];
        const names = importedNames(source(id));
        for (const target of imported) {
          const map = /node_modules|packages[\\/]shared[\\/]src[\\/]index\.ts$/.test(target)
            ? barrel(target)
            : null;
          const wanted = map && names.get(packageOf(target));
          if (!map || !wanted) {
            visit(target);
            continue;
          }
          for (const name of wanted) {
            const file = map.get(name);
            if (file) visit(file);
          }
        }
      };
      for (const id of this.getModuleIds())
        for (const [name, pattern] of Object.entries(FIRST_SCREENS))
          if (pattern.test(id)) {
            screen = name as FirstScreen;
            visit(id);
          }
    },
  };
}

/** The package of a file in node_modules (`@mantine/core`, `react`). */
function packageOf(id: string): string {
  if (/packages[\\/]shared[\\/]src[\\/]index\.ts$/.test(id)) return '@cusco/shared';
  return /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/') ?? '';
}

/** The names each package is imported by in a module (`import { a, b as c } from 'pkg'`). */
function importedNames(code: string): Map<string, Set<string> | null> {
  const names = new Map<string, Set<string> | null>();
  for (const [, clause = '', spec = ''] of code.matchAll(
    /\bimport\s+(?!type\b)([^;]*?)\s+from\s*['"]([^'"./][^'"]*)['"]/g,
  )) {
    const pkg = /^(@[^/]+\/)?[^/]+/.exec(spec)?.[0] ?? spec;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    // A default or namespace import of a package: all of it.
    if (!braces || names.get(pkg) === null) {
      names.set(pkg, null);
      continue;
    }
    const set = names.get(pkg) ?? new Set<string>();
    for (const item of braces[1]?.split(',') ?? []) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name && !item.trim().startsWith('type ')) set.add(name);
    }
    names.set(pkg, set);
  }
  return names;
}

/** A re-exporting index: exported name → the file that defines it; null when it is not one. */
function readBarrel(id: string, code: string): Map<string, string> | null {
  const lines = code.split('\n').filter((line) => line.trim() && !/^\s*(\/\/|\/\*|\*)/.test(line));
  if (lines.length < 2 || !lines.every((line) => /^(import|export)\s/.test(line))) return null;
  const dir = path.dirname(id);
  const local = new Map<string, string>();
  const exported = new Map<string, string>();
  for (const [, kind, clause = '', spec = ''] of code.matchAll(
    /^(import|export)\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm,
  )) {
    const file = path.resolve(dir, spec);
    for (const item of clause.split(',')) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      if (!name) continue;
      (kind === 'import' ? local : exported).set(alias ?? name, file);
    }
  }
  for (const [, clause = ''] of code.matchAll(/^export\s*\{([^}]*)\}\s*;/gm)) {
    for (const item of clause.split(',')) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      const file = name && local.get(name);
      if (file) exported.set(alias ?? name, file);
    }
  }
  // `export * from './x.ts'` (the shared package's index): the names that file declares.
  for (const [, spec = ''] of code.matchAll(/^export\s*\*\s*from\s*['"](\.[^'"]+)['"]/gm)) {
    const file = path.resolve(dir, spec);
    let target = '';
    try {
      target = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    for (const [, name = ''] of target.matchAll(
      /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+(\w+)/gm,
    ))
      exported.set(name, file);
    for (const [, clause = ''] of target.matchAll(/^export\s*\{([^}]*)\}/gm))
      for (const item of clause.split(',')) {
        const name = item
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (name) exported.set(name, file);
      }
  }
  return exported.size > 0 ? exported : null;
}

/** A library the first screens' chunks hold (not the icons, which have their own). */
function isLibrary(id: string): boolean {
  // Not the stylesheets (app/mantine-styles.ts): their empty modules stay with the entry, which
  // would otherwise import the `mantine` chunk, and run it, in its first task (ADR 0061).
  return /node_modules[\\/]/.test(id) && !/@tabler/.test(id) && !/\.css$/.test(id);
}

/** The app's own helpers and the shared rules and schemas, grouped in `common` chunks. */
function isHelper(id: string): boolean {
  return (
    /web[\\/]src[\\/](lib|components|config)[\\/]|packages[\\/]shared[\\/]/.test(id) &&
    // Not the forms that pick a date: they would bring the date pickers to every screen.
    !/components[\\/](account[\\/]sign-up-form|date-field-input|local-dates)\./.test(id) &&
    // Each language's messages are a chunk of their own (lib/i18n.ts loads one).
    !/locales[\\/]/.test(id) &&
    // The offline store (IndexedDB) loads for a signed-in user or the guide's app only.
    !/lib[\\/]offline[\\/]/.test(id)
  );
}

/** In development the API runs on API_PORT (3001) and Vite serves the app on 3000. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [
    react(),
    mantineStableId(),
    findFirstScreens(),
    earlyStart(),
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
        // The installed app opens on the app (sign-in, or the signed-in user's home), never on
        // the public pages that the root address leads visitors to (issue 33).
        start_url: '/#/login',
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
        navigateFallbackDenylist: [
          /^\/api/,
          /^\/files/,
          /^\/sandbox/,
          /^\/octo/,
          /^\/(en|es)(\/|$)/,
          /^\/sitemap\.xml$/,
          /^\/robots\.txt$/,
        ],
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
    // Every browser the app supports knows `<link rel="modulepreload">` (Safari since 17): no
    // polyfill in the entry. An older one still loads each module when it is imported.
    modulePreload: { polyfill: false },
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
              priority: 50,
            },
            {
              name: 'framework',
              test: (id) =>
                (/node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store|zod|dayjs)[\\/]/.test(
                  id,
                ) &&
                  // TanStack's dehydrate/hydrate go with the offline store (lib/offline/persist.ts),
                  // which loads for a signed-in user only.
                  !/query-core[\\/]build[\\/]modern[\\/]hydration/.test(id)) ||
                // Vite's helper for dynamic imports, which the entry uses for the app's steps
                // (main.tsx): here, not in `common`, which would bring Mantine and the app's
                // helpers into the entry's first task (a chunk of its own costs a request more).
                id === '\0vite/preload-helper.js',
              priority: 40,
            },
            {
              // Mantine and what it builds on, as far as the first screens (the booking page,
              // login) use them: the first load takes no component that only other screens use.
              name: 'mantine',
              test: (id) => isLibrary(id) && firstScreenOf(id) === 'shared',
              priority: 30,
            },
            {
              // What only one of the two first screens draws (the booking page's Stepper and
              // radios, login's password field): that screen's chunk, not the other's.
              name: (id) => `mantine-${firstScreenOf(id)}`,
              test: (id) => isLibrary(id) && firstScreenOf(id) !== undefined,
              priority: 25,
            },
            {
              // The rest of Mantine and its helpers that six screens or more use; what fewer use
              // goes with those screens (Lighthouse: login 0.88 → 0.91, booking 0.84 → 0.85
              // against one chunk for all of it).
              name: 'mantine-more',
              test: (id) => /node_modules[\\/]/.test(id) && !/@mantine[\\/]dates|@tabler/.test(id),
              priority: 20,
              minShareCount: 6,
            },
            // The date pickers only where a date is picked, and the icons apart.
            {
              name: 'dates',
              test: /node_modules[\\/]@mantine[\\/]dates[\\/]/,
              // Only the pickers: the Mantine parts they build on stay where the other screens
              // find them, or the entry would import them from here and load every picker.
              includeDependenciesRecursively: false,
              priority: 20,
            },
            {
              name: 'icons',
              test: (id) => /node_modules[\\/]@tabler[\\/]/.test(id) && firstScreens.has(id),
              priority: 20,
            },
            { name: 'icons-more', test: /node_modules[\\/]@tabler[\\/]/, priority: 10 },
            {
              // The app's own helpers and the shared rules that the first screens use.
              name: 'common',
              test: (id) => isHelper(id) && firstScreenOf(id) === 'shared',
              priority: 10,
            },
            {
              name: (id) => `common-${firstScreenOf(id)}`,
              test: (id) => isHelper(id) && firstScreenOf(id) !== undefined,
              priority: 5,
            },
            {
              // The helpers and rules that several other screens use.
              name: 'common-more',
              test: isHelper,
              minShareCount: 2,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});
