import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox gateway signs each notification as outside gateways do: HMAC-SHA256 over
 * `{timestamp}.{raw body}`, sent as `x-sandbox-signature: t={timestamp},v1={hex}`.
 */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

export function signPayload(secret: string, rawBody: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'mismatch' | 'stale' };

/** Verifies a signature header in constant time, and that it is at most `toleranceSeconds` old. */
export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  toleranceSeconds: number,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name, value.join('=')];
    }),
  );
  const timestamp = Number(parts.t);
  const given = parts.v1 ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given))
    return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex')))
    return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp };
}
