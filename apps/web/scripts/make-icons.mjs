// Draws the app's icons (issue 32: the installable app) from public/favicon.svg with the suite's
// Chromium, once; the PNGs are committed. Run: node apps/web/scripts/make-icons.mjs (from the root,
// with playwright-core installed by e2e/ and Chromium at CHROMIUM_PATH or /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '../public');
const require = createRequire(path.join(here, '../../../e2e/package.json'));
const { chromium } = require('playwright-core');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The plain icon is the mark with its rounded corners; the maskable one fills the square with the
// mark's green and keeps the drawing inside the safe zone (the inner 80 %).
const plain = svg.replace('rx="14"', 'rx="12"');
const maskable = svg
  .replace('rx="14"', 'rx="0"')
  .replace('viewBox="0 0 64 64"', 'viewBox="-8 -8 80 80"');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const [name, source, size, background] of [
  ['icon-192.png', plain, 192, 'transparent'],
  ['icon-512.png', plain, 512, 'transparent'],
  ['icon-maskable-512.png', maskable, 512, '#0c5c46'],
  ['apple-touch-icon.png', maskable, 180, '#0c5c46'],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:${background}}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
  );
  await page.screenshot({
    path: path.join(publicDir, name),
    omitBackground: background === 'transparent',
  });
}
await browser.close();
