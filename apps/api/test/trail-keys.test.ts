import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromBase64Url, toBase64Url, verifyVoucherCode } from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { voucherKeys } from '../src/db/schema.ts';
import { configuredKey, keyRow, publishedVoucherKeys } from '../src/modules/trail/keys.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { DEMO_TRAIL_TOUR } from '../src/seed/demo-trail.ts';
import { signIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { detailOf } from './support/passengers.ts';
import { programArgs } from './support/programs.ts';

/**
 * The vouchers' signing key set by configuration (VOUCHER_SIGNING_KEY, issue 32): it signs, its
 * public half is stored (no private half in the database) and published; the configuration is
 * checked at start-up; the key id is what a phone can compute; and `npm run voucher-key`.
 */
const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const configuredKid = keyRow(configuredKey(pem), false).kid;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    trail: {
      voucherSigningKey: pem,
      emergencyPhones: [{ name: 'Base camp radio', phone: '+51 84 000 111' }],
    },
  });
});
afterAll(() => ctx?.close());

describe('VOUCHER_SIGNING_KEY', () => {
  it('signs the vouchers, and only its public half is stored and published', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(voucherKeys)
      .where(eq(voucherKeys.kid, configuredKid));
    expect(row?.privateKey).toBeNull();
    const published = await publishedVoucherKeys(ctx.database.db);
    expect(published.map((key) => key.kid)).toContain(configuredKid);

    // The demo reseller's booking on credit: its voucher is ready.
    const reseller = await signIn(
      ctx.app,
      demoAccounts.corporate.email,
      demoAccounts.corporate.password,
    );
    const list = await ctx.app.inject({
      url: '/api/tour/booking/list',
      headers: { authorization: `Bearer ${reseller.token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const codes = (list.json() as { id: string }[]).map((booking) => booking.id);
    expect(codes.length).toBeGreaterThan(0);
    let signed = 0;
    for (const code of codes) {
      const detail = await detailOf(ctx.app, reseller.token, code);
      if (!detail.booking.voucherCode) continue;
      signed += 1;
      expect(detail.booking.voucherCode.split('.')[4]).toBe(configuredKid);
      expect((await verifyVoucherCode(detail.booking.voucherCode, published)).ok).toBe(true);
    }
    expect(signed).toBeGreaterThan(0);
  });

  it("has a key id a phone can compute: the first 8 characters of the SPKI's SHA-256, base64url", async () => {
    const [key] = await publishedVoucherKeys(ctx.database.db);
    const digest = await crypto.subtle.digest('SHA-256', fromBase64Url(key?.publicKey ?? ''));
    expect(toBase64Url(new Uint8Array(digest)).slice(0, 8)).toBe(key?.kid);
  });

  it('is checked at start-up: a P-256 PKCS #8 PEM, its line breaks possibly written \\n', () => {
    const base = { SANDBOX_SECRET: 'x'.repeat(40) };
    expect(
      loadConfig({ ...base, VOUCHER_SIGNING_KEY: pem.replaceAll('\n', '\\n') }).trail
        .voucherSigningKey,
    ).toBe(pem.trim());
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    for (const bad of [rsa, p384, 'not a key', pem.slice(0, 100)]) {
      expect(() => loadConfig({ ...base, VOUCHER_SIGNING_KEY: bad })).toThrow(
        /VOUCHER_SIGNING_KEY must be an ECDSA P-256 private key/,
      );
    }
  });

  it('leaves EMERGENCY_PHONES to the configuration, checked', () => {
    const base = { SANDBOX_SECRET: 'x'.repeat(40) };
    expect(
      loadConfig({ ...base, EMERGENCY_PHONES: 'Office=+51 84 111; Police = 105;' }).trail
        .emergencyPhones,
    ).toEqual([
      { name: 'Office', phone: '+51 84 111' },
      { name: 'Police', phone: '105' },
    ]);
    expect(() => loadConfig({ ...base, EMERGENCY_PHONES: 'no phone here' })).toThrow(
      /EMERGENCY_PHONES/,
    );
  });

  it("puts the configured emergency numbers in a guide's download", async () => {
    const guide = await signIn(ctx.app, demoAccounts.guide.email, demoAccounts.guide.password);
    const list = await ctx.app.inject({
      url: '/api/guide/departures',
      headers: { authorization: `Bearer ${guide.token}` },
    });
    const first = (list.json() as { tourCode: string; date: string }[]).find(
      (departure) => departure.tourCode === DEMO_TRAIL_TOUR,
    );
    expect(first).toBeDefined();
    const manifest = await ctx.app.inject({
      url: `/api/guide/departures/${first?.tourCode}/${first?.date}`,
      headers: { authorization: `Bearer ${guide.token}` },
    });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(manifest.json().emergency).toEqual([
      { name: 'Base camp radio', phone: '+51 84 000 111' },
    ]);
    // The demo: four travellers of the reseller's group, their voucher verifiable.
    expect(manifest.json().travellers).toHaveLength(4);
  });
});

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `voucher-key` (its build) on an embedded database of its own. */
function voucherKey(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, programArgs('voucher-key', args), {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO_DATA: 'false',
        PAYMENT_GATEWAY: 'sandbox',
        LOG_LEVEL: 'silent',
        VOUCHER_SIGNING_KEY: '',
      },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

// The command opens its own embedded database: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('npm run voucher-key', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-voucher-key-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('rotates, lists and retires the keys', async () => {
    const empty = await voucherKey(['list'], dataDir);
    expect(empty.code, empty.out).toBe(0);
    expect(empty.out).toContain('No key yet');
    const rotated = await voucherKey(['rotate'], dataDir);
    expect(rotated.code, rotated.out).toBe(0);
    const kid = /Added key ([A-Za-z0-9_-]{8})/.exec(rotated.out)?.[1] ?? '';
    expect(kid).not.toBe('');
    const retired = await voucherKey(['retire', kid], dataDir);
    expect(retired.code, retired.out).toBe(0);
    const listed = await voucherKey(['list'], dataDir);
    const lines = listed.out.trim().split('\n');
    // The retired key, and the new one made so that something still signs.
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith(kid))).toContain('retired');
    expect(lines.find((line) => !line.startsWith(kid))).toContain('in use');
    const wrong = await voucherKey(['burn'], dataDir);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Usage: npm run voucher-key');
  }, 180_000);
});
