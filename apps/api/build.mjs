// Bundles the API into dist/server.js (and the commands: admin-create, voucher-key, backup, restore, db-move). Our own workspace packages (@cusco/*, TypeScript
// sources) are bundled in; every other package stays external and is loaded from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server.ts',
    'src/admin-create.ts',
    'src/voucher-key.ts',
    'src/backup.ts',
    'src/restore.ts',
    'src/db-move.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules imported with import() (the PostgreSQL driver, the seed) become chunks of their own,
  // loaded only when used: a restart of an embedded install loads neither.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  // The public pages (modules/public-pages) are React components rendered on the server.
  jsx: 'automatic',
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@cusco/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
