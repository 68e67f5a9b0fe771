import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { type VoucherFacts, type VoucherPublicKey, voucherMessage } from '@cusco/shared';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { voucherKeys } from '../../db/schema.ts';

/**
 * The keys that sign vouchers' QR codes (issue 32, ADR 0051, docs/voucher-codes.md): ECDSA P-256.
 * VOUCHER_SIGNING_KEY (PKCS #8 PEM) sets the signing key; its public half is stored (private key
 * null) so that every node and every guide's phone has it. Without it, a key is generated on the
 * first start and kept in `voucher_keys` (two nodes starting at once: the first one's insert
 * wins, both sign with it). The newest unretired key signs; every unretired key's public half is
 * published to the guides, so the codes of a key rotated out still verify until it is retired.
 */

/** A key's id in a QR code: the first 8 characters of its SPKI's SHA-256, base64url. */
export function kidOf(spki: Buffer): string {
  return createHash('sha256').update(spki).digest('base64url').slice(0, 8);
}

const spkiOf = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });

/** A key as a row of `voucher_keys`: kid, SPKI (base64url), and PKCS #8 (base64url) or null. */
export function keyRow(privateKey: KeyObject, keepPrivate: boolean) {
  const spki = spkiOf(createPublicKey(privateKey));
  return {
    kid: kidOf(spki),
    publicKey: spki.toString('base64url'),
    privateKey: keepPrivate
      ? privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64url')
      : null,
  };
}

/** A new P-256 key pair's private half. */
export function generateVoucherKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}

/** The configured key (PKCS #8 PEM) as a key object. */
export function configuredKey(pem: string): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem' });
}

/** Serializes the first start of every node on one database (any constant of our own). */
const KEY_LOCK = 0x766b6579; // "vkey"

/**
 * Makes sure a key can sign: the configured one is stored (its public half), or, without one,
 * a key is generated when no unretired key with a private half exists. Under an advisory lock in
 * one transaction, so two nodes starting at once store one key, and both use it.
 */
export async function ensureVoucherKey(
  db: Executor,
  configuredPem: string | undefined,
): Promise<{ configuredRetired: boolean }> {
  if (configuredPem) {
    const row = keyRow(configuredKey(configuredPem), false);
    await db.insert(voucherKeys).values(row).onConflictDoNothing();
    // A configured key retired with the CLI still signs, but phones no longer verify its codes.
    const [stored] = await db
      .select({ retiredAt: voucherKeys.retiredAt })
      .from(voucherKeys)
      .where(eq(voucherKeys.kid, row.kid));
    return { configuredRetired: Boolean(stored?.retiredAt) };
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const [usable] = await tx
      .select({ kid: voucherKeys.kid })
      .from(voucherKeys)
      .where(and(isNull(voucherKeys.retiredAt), isNotNull(voucherKeys.privateKey)))
      .limit(1);
    if (!usable) {
      await tx.insert(voucherKeys).values(keyRow(generateVoucherKey(), true)).onConflictDoNothing();
    }
  });
  return { configuredRetired: false };
}

/** Adds a new signing key (rotation): it signs from now on; the older ones still verify. */
export async function rotateVoucherKey(db: Executor): Promise<string> {
  const row = keyRow(generateVoucherKey(), true);
  await db.insert(voucherKeys).values(row);
  return row.kid;
}

/** Retires a key: its codes no longer verify on phones that download again. False: no such key. */
export async function retireVoucherKey(db: Executor, kid: string): Promise<boolean> {
  const rows = await db
    .update(voucherKeys)
    .set({ retiredAt: sql`now()` })
    .where(and(eq(voucherKeys.kid, kid), isNull(voucherKeys.retiredAt)))
    .returning({ kid: voucherKeys.kid });
  return rows.length > 0;
}

/** Every key, newest first (the CLI's list). */
export function listVoucherKeys(db: Executor) {
  return db
    .select({
      kid: voucherKeys.kid,
      fromConfiguration: sql<boolean>`${voucherKeys.privateKey} is null`,
      createdAt: voucherKeys.createdAt,
      retiredAt: voucherKeys.retiredAt,
    })
    .from(voucherKeys)
    .orderBy(desc(voucherKeys.createdAt), voucherKeys.kid);
}

/** The public halves a guide's phone verifies with: every unretired key, newest first. */
export function publishedVoucherKeys(db: Executor): Promise<VoucherPublicKey[]> {
  return db
    .select({ kid: voucherKeys.kid, publicKey: voucherKeys.publicKey })
    .from(voucherKeys)
    .where(isNull(voucherKeys.retiredAt))
    .orderBy(desc(voucherKeys.createdAt), voucherKeys.kid);
}

/** Signs vouchers' codes with one key. */
export interface VoucherSigner {
  kid: string;
  /** The QR code's text: `CT1.<code>.<YYYYMMDD>.<pax>.<kid>.<signature>`. */
  sign(facts: VoucherFacts): string;
}

/** How many signed codes a signer keeps (a few hundred bytes each). */
const SIGNED_KEPT = 5000;

/**
 * A signer of one key. ECDSA signatures are randomized: each signing of the same facts gives
 * another (equally valid) code. The codes signed are kept (the oldest let go past SIGNED_KEPT),
 * so that the booking page, its voucher PDF and its e-mail show the very same QR code, and a
 * code does not change from one read to the next on a node.
 */
export function signerOf(kid: string, key: KeyObject): VoucherSigner {
  const signed = new Map<string, string>();
  return {
    kid,
    sign(facts) {
      const message = voucherMessage(facts, kid);
      const kept = signed.get(message);
      if (kept) return kept;
      const signature = sign('sha256', Buffer.from(message), { key, dsaEncoding: 'ieee-p1363' });
      const code = `${message}.${signature.toString('base64url')}`;
      if (signed.size >= SIGNED_KEPT) {
        const oldest = signed.keys().next();
        if (!oldest.done) signed.delete(oldest.value);
      }
      signed.set(message, code);
      return code;
    },
  };
}

/**
 * The app's signing key (one per app, `app.voucherKeys`): the configured one, or the newest
 * unretired key of the database with its private half, read at most every `ttlMs` (a key rotated
 * by the CLI signs on every node within that time) and imported once per key.
 */
export class VoucherKeys {
  private readonly configured: VoucherSigner | undefined;
  private current: { signer: VoucherSigner; until: number } | undefined;
  private readonly imported = new Map<string, VoucherSigner>();

  constructor(
    configuredPem: string | undefined,
    private readonly ttlMs = 30_000,
  ) {
    if (configuredPem) {
      const key = configuredKey(configuredPem);
      this.configured = signerOf(keyRow(key, false).kid, key);
    }
  }

  /** Forgets the key read from the database (a test's rotation; the next read reads again). */
  forget() {
    this.current = undefined;
  }

  async signer(db: Executor): Promise<VoucherSigner> {
    if (this.configured) return this.configured;
    const now = Date.now();
    if (this.current && this.current.until > now) return this.current.signer;
    const [row] = await db
      .select({ kid: voucherKeys.kid, privateKey: voucherKeys.privateKey })
      .from(voucherKeys)
      .where(and(isNull(voucherKeys.retiredAt), isNotNull(voucherKeys.privateKey)))
      .orderBy(desc(voucherKeys.createdAt), voucherKeys.kid)
      .limit(1);
    if (!row?.privateKey) throw new Error('no voucher signing key: ensureVoucherKey was not run');
    let signer = this.imported.get(row.kid);
    if (!signer) {
      const key = createPrivateKey({
        key: Buffer.from(row.privateKey, 'base64url'),
        format: 'der',
        type: 'pkcs8',
      });
      signer = signerOf(row.kid, key);
      this.imported.set(row.kid, signer);
    }
    this.current = { signer, until: now + this.ttlMs };
    return signer;
  }
}

/** What a booking's voucher code says, and whether it has one now. */
export interface VoucherState extends VoucherFacts {
  /** Ready (nothing left to pay, or on credit) and not cancelled. */
  ready: boolean;
}

/** The booking's voucher code, or null when it has none (not ready, or cancelled). */
export async function voucherCodeOf(
  db: Executor,
  keys: VoucherKeys | undefined,
  state: VoucherState,
): Promise<string | null> {
  if (!keys || !state.ready) return null;
  const signer = await keys.signer(db);
  return signer.sign(state);
}
