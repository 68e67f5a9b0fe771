import type { FastifyInstance } from 'fastify';
import { signPayload } from '../../src/gateways/sandbox/signature.ts';
import { bearer } from './accounts.ts';
import { TEST_SANDBOX_SECRET } from './app.ts';

export const SANDBOX_SECRET = TEST_SANDBOX_SECRET;

export interface SandboxEvent {
  id: string;
  type: 'charge.succeeded' | 'charge.failed';
  transactionId: string;
  reference: string;
  amount: number;
  currency: string;
  created: number;
}

export function event(
  transactionId: string,
  amountCents: number,
  overrides: Partial<SandboxEvent> = {},
): SandboxEvent {
  return {
    id: `evt_${transactionId}`,
    type: 'charge.succeeded',
    transactionId,
    reference: `sbx_${transactionId.slice(0, 8)}`,
    amount: amountCents,
    currency: 'USD',
    created: Math.floor(Date.now() / 1000),
    ...overrides,
  };
}

/** Sends a notification signed as the sandbox gateway signs it (or as a forger would). */
export function notify(
  app: FastifyInstance,
  body: unknown,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature =
    options.signature === undefined
      ? signPayload(options.secret ?? SANDBOX_SECRET, raw, timestamp)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-sandbox-signature': signature }),
    },
    payload: raw,
  });
}

export function addPayment(
  app: FastifyInstance,
  token: string,
  bookingId: string,
  amount: unknown,
  amountStr?: unknown,
) {
  return app.inject({
    method: 'POST',
    url: '/api/tour/payment/add',
    headers: bearer(token),
    payload: {
      bookingId,
      amount,
      amountStr: amountStr ?? (typeof amount === 'number' ? String(Math.round(amount * 100)) : '0'),
    } as object,
  });
}

export async function detailOf(app: FastifyInstance, token: string, code: string) {
  const response = await app.inject({ url: `/api/tour/booking/${code}`, headers: bearer(token) });
  return response.json() as {
    balance: { purchases: number; payments: number; debt: number };
    payments: { total: number }[];
    paymentAttempts: {
      transactionId: string;
      amount: number;
      status: string;
      stage: string | null;
    }[];
  };
}
