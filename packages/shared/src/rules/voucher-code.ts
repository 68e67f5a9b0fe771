/**
 * The voucher's QR code (issue 32, ADR 0051, docs/guide-app.md): the booking code, the travel
 * date and the passenger count, signed with the agency's key (ECDSA P-256, SHA-256), so that a
 * guide's phone checks it with no network against the public keys it downloaded.
 *
 *   CT1.<booking code>.<YYYYMMDD>.<passengers>.<key id>.<signature>
 *
 * The signature (IEEE P1363, r‖s, 64 bytes, base64url) is of everything before its dot. The
 * signing is the API's (node:crypto); parsing and verifying are here, with WebCrypto, which both
 * Node and the browsers have.
 */

export const VOUCHER_CODE_VERSION = 'CT1';

export interface VoucherFacts {
  code: string;
  /** YYYY-MM-DD. */
  travelDate: string;
  passengers: number;
}

export interface VoucherPublicKey {
  kid: string;
  /** SubjectPublicKeyInfo (DER), base64url. */
  publicKey: string;
}

export interface ParsedVoucherCode extends VoucherFacts {
  kid: string;
  /** What was signed. */
  message: string;
  signature: Uint8Array<ArrayBuffer>;
}

const KID = /^[A-Za-z0-9_-]{8}$/;
const CODE = /^[A-Za-z0-9-]{1,20}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

/** What the key signs: the code's text without its signature. */
export function voucherMessage(facts: VoucherFacts, kid: string): string {
  return [
    VOUCHER_CODE_VERSION,
    facts.code,
    facts.travelDate.replaceAll('-', ''),
    String(facts.passengers),
    kid,
  ].join('.');
}

/** base64url without padding, both ways (no Buffer: the browser runs this too). */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  // btoa writes '=' only as the padding at the end.
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A scanned text as a voucher code, or null when it is not one (any other QR code). */
export function parseVoucherCode(text: string): ParsedVoucherCode | null {
  const parts = text.trim().split('.');
  if (parts.length !== 6) return null;
  const [version, code, date, passengers, kid, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (version !== VOUCHER_CODE_VERSION) return null;
  if (
    !CODE.test(code) ||
    // Stryker disable next-line Regex: equivalent, the round trip below refuses all but 8 digits
    !/^\d{8}$/.test(date) ||
    !/^[1-9]\d{0,2}$/.test(passengers)
  )
    return null;
  if (!KID.test(kid) || !SIGNATURE.test(signature)) return null;
  const travelDate = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`;
  const check = new Date(`${travelDate}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== travelDate) return null;
  const facts = { code, travelDate, passengers: Number(passengers) };
  return {
    ...facts,
    kid,
    message: voucherMessage(facts, kid),
    signature: fromBase64Url(signature),
  };
}

export type VoucherCheck =
  | { ok: true; voucher: ParsedVoucherCode }
  | {
      ok: false;
      /** notVoucher: not our code; unknownKey: signed by a key the phone does not have; forged. */
      reason: 'notVoucher' | 'unknownKey' | 'forged';
    };

/** Checks a scanned text's signature against the agency's public keys, with no network. */
export async function verifyVoucherCode(
  text: string,
  keys: readonly VoucherPublicKey[],
  subtle = globalThis.crypto.subtle,
): Promise<VoucherCheck> {
  const voucher = parseVoucherCode(text);
  if (!voucher) return { ok: false, reason: 'notVoucher' };
  const key = keys.find((candidate) => candidate.kid === voucher.kid);
  if (!key) return { ok: false, reason: 'unknownKey' };
  try {
    const publicKey = await subtle.importKey(
      'spki',
      fromBase64Url(key.publicKey),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const valid = await subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      voucher.signature,
      new TextEncoder().encode(voucher.message),
    );
    return valid ? { ok: true, voucher } : { ok: false, reason: 'forged' };
  } catch {
    // A key that does not import (damaged on the phone) verifies nothing.
    return { ok: false, reason: 'forged' };
  }
}
