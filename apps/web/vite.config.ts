import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** In development the API runs on API_PORT (3001) and Vite serves the app on 3000. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [
    react(),
    // A brotli (.br) and a gzip (.gz) copy of every text file, served as they are by the API
    // (@fastify/static's preCompressed): nothing is compressed per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt)$/,
      exclude: /manifest\.json$/,
      threshold: 1024,
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
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|use-sync-external-store|ky|zod|dayjs)[\\/]/,
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
                !/components[\\/](account[\\/]sign-up-form|date-field|local-dates)\./.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
