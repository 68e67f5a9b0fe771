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
  },
});
