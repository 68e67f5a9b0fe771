import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideManifest } from '@cusco/shared';
import dayjs from 'dayjs';
import { expect, it } from 'vitest';
import { createBooking, createCustomer, demo, signInApi } from '../support/api.ts';
import { describeInBrowser } from '../support/browser.ts';
import { call, newGuide, payAtDesk, registerPassenger, tomorrow } from '../support/trail.ts';

/**
 * What a guide's phone holds (issue 32, docs/guide-app.md): the stored copy of a departure of 16
 * registered travellers (each with a diet, an allergy and a medical note), and the app's precache.
 * The figures go to e2e/artifacts/guide-storage.json for the docs; the bounds keep them small.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../apps/web/dist');

describeInBrowser("what a guide's phone holds", () => {
  it('a departure of 16 travellers is under 100 KB, the app shell under 3 MB', async () => {
    const date = dayjs(tomorrow()).add(2, 'day').format('YYYY-MM-DD');
    const tourCode = '400101';
    const admin = (await signInApi(demo.admin.email, demo.admin.password)).token;
    const agent = (await signInApi(demo.agent.email, demo.agent.password)).token;
    for (let group = 0; group < 4; group += 1) {
      const customer = await createCustomer('Group', `Size${group}`);
      const token = (await signInApi(customer.email, customer.password)).token;
      const booking = await createBooking(token, tourCode, { adults: 4 }, date);
      await payAtDesk(agent, booking.code, booking.total);
      for (let index = 0; index < 4; index += 1) {
        await registerPassenger(token, booking.code, index, {
          firstName: `Traveller${group}${index}`,
          lastName: 'Fernández Quispe',
        });
      }
    }
    const guide = await newGuide(admin, 'Measure', { tourCode, date });
    const token = (await signInApi(guide.email, guide.password)).token;
    const manifest = guideManifest.parse(
      await call('GET', `guide/departures/${tourCode}/${date}`, token),
    );
    expect(manifest.travellers).toHaveLength(16);
    expect(manifest.travellers.every((traveller) => traveller.allergies !== '')).toBe(true);
    // What IndexedDB keeps: the answer as JSON inside the query's envelope (a few hundred bytes).
    const departureBytes = Buffer.byteLength(JSON.stringify(manifest));

    // The precache: the files sw.js lists.
    const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1] ?? '');
    const precacheBytes = urls.reduce(
      (sum, url) => sum + statSync(path.join(dist, decodeURIComponent(url))).size,
      0,
    );
    const figures = {
      travellers: manifest.travellers.length,
      departureKB: Math.round(departureBytes / 102.4) / 10,
      precacheFiles: urls.length,
      precacheKB: Math.round(precacheBytes / 102.4) / 10,
    };
    const artifacts = path.resolve(here, '../artifacts');
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(
      path.join(artifacts, 'guide-storage.json'),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    expect(departureBytes).toBeLessThan(100 * 1024);
    expect(precacheBytes).toBeLessThan(3 * 1024 * 1024);
  });
});
