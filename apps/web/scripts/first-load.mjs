// What each screen downloads before it shows: the entry with its static imports and the app's
// start (main.tsx's steps), the texts of one language, then the screen's own chunk with its
// static imports, and their CSS. Sizes are gzip and brotli, as the server sends them (the build
// writes .gz and .br copies). Run after `vite build`; prints a table
// and, with --json, the figures as JSON (the benchmark reads them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = path.resolve(
  process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7) ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'),
);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** The screens whose first load matters most, by the source file of their route. */
export const screens = {
  login: 'src/features/auth/routes/login-page.tsx',
  booking: 'src/features/booking/routes/booking-page.tsx',
  reservations: 'src/features/reservations/routes/reservations-page.tsx',
  'booking detail': 'src/features/reservations/routes/booking-detail-page.tsx',
};

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

function sizes(file) {
  const full = path.join(dist, file);
  const raw = readFileSync(full);
  const read = (ext, compress) => {
    try {
      return readFileSync(full + ext).length;
    } catch {
      // Files under the build's threshold are not precompressed and are sent as they are.
      return raw.length < 1024 ? raw.length : compress(raw).length;
    }
  };
  return { raw: raw.length, gzip: read('.gz', gzipSync), brotli: read('.br', brotliCompressSync) };
}

/**
 * The texts of the language a first visit reads (Spanish, spec §1), loaded before the first
 * render: the app's and the API messages' catalogues.
 */
const languageChunks = Object.keys(manifest).filter(
  (key) =>
    /\/locales\/es\.json$/.test(key) ||
    // The API messages' Spanish texts, a chunk of their own (vite.config.ts, `messages-es`).
    /(^|\/)messages-es-[\w-]+\.js$/.test(manifest[key].file),
);

/** The entry with its static imports, and the app's start that it imports in steps (main.tsx). */
function entry() {
  const keys = closure('index.html');
  for (const step of manifest['index.html']?.dynamicImports ?? []) closure(step, keys);
  return keys;
}

export function firstLoad(source) {
  const keys = new Set([
    ...entry(),
    ...closure(source),
    ...languageChunks.flatMap((key) => [...closure(key)]),
  ]);
  const files = { js: new Set(), css: new Set() };
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) files.js.add(chunk.file);
    for (const css of chunk.css ?? []) files.css.add(css);
  }
  const sum = (set) =>
    [...set].map(sizes).reduce(
      (total, size) => ({
        raw: total.raw + size.raw,
        gzip: total.gzip + size.gzip,
        brotli: total.brotli + size.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const html = sizes('index.html');
  const js = sum(files.js);
  const css = sum(files.css);
  return {
    files: files.js.size + files.css.size + 1,
    js,
    css,
    totalBrotli: html.brotli + js.brotli + css.brotli,
    totalGzip: html.gzip + js.gzip + css.gzip,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const figures = Object.fromEntries(
  Object.entries(screens).map(([name, source]) => [name, firstLoad(source)]),
);
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  process.stdout.write('\nFirst load per screen (index.html + JS + CSS, as sent):\n');
  const rows = [['screen', 'files', 'JS gzip', 'CSS gzip', 'total gzip', 'total brotli']];
  for (const [name, f] of Object.entries(figures)) {
    rows.push([
      name,
      String(f.files),
      kb(f.js.gzip),
      kb(f.css.gzip),
      kb(f.totalGzip),
      kb(f.totalBrotli),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) {
    process.stdout.write(`  ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}\n`);
  }
}
