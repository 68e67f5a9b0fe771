import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { sandboxCharges } from '../../db/schema.ts';
import { AppError, RETRY_AFTER_SECONDS } from '../../errors.ts';
import { cardOutcome } from './cards.ts';
import type { SandboxNotification } from './notification.ts';
import {
  checkoutPage,
  checkoutScript,
  type FormProblem,
  type PageLanguage,
  pageLanguageOf,
  resultPage,
  unavailablePage,
} from './pages.ts';
import { SIGNATURE_HEADER, signPayload } from './signature.ts';

const transactionParams = z.object({ transactionId: z.uuid() });
const languageOf = (request: FastifyRequest): PageLanguage => pageLanguageOf(request.query);
const payForm = z.object({
  holder: z._default(z.optional(z.string().check(z.maxLength(60))), ''),
  cardNumber: z._default(z.optional(z.string().check(z.maxLength(30))), ''),
  expiry: z._default(z.optional(z.string().check(z.maxLength(10))), ''),
  cvc: z._default(z.optional(z.string().check(z.maxLength(10))), ''),
});
type PayForm = z.infer<typeof payForm>;
type Charge = typeof sandboxCharges.$inferSelect;

/** Luhn's check, which every real card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The card form's problem, if any (the card number itself is only looked at, never kept). */
function formProblem(form: PayForm, now = new Date()): FormProblem | null {
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'cardNumber';
  const expiry = /^(\d{2})\/(\d{2})$/.exec(form.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return 'expiryFormat';
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return 'expired';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return 'cvc';
  return null;
}

export interface SandboxRoutesOptions {
  secret: string;
  notifyUrl: string | undefined;
}

/**
 * The sandbox gateway's hosted checkout, served under /sandbox as an outside gateway would
 * serve it. Paying decides the outcome by test card, then this gateway (not the browser) sends
 * our API a signed server-to-server notification.
 */
export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions) {
  await app.register(formbody);
  app.setErrorHandler(sendErrorPage);

  // The gateway's own pages: not part of our API, so not in its description.
  const page = { schema: { hide: true } };

  app.get('/sandbox/assets/checkout.js', page, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(checkoutScript),
  );
  app.get('/sandbox/checkout/:transactionId', page, async (request, reply) =>
    showCheckout(app, request, reply),
  );
  app.post('/sandbox/checkout/:transactionId/pay', page, async (request, reply) =>
    pay(app, options, request, reply),
  );
}

/** The gateway's pages answer HTML, errors included (they show inside the payment frame). */
function sendErrorPage(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  reply.type('text/html; charset=utf-8');
  // The client's own mistakes (bad characters, a body too large…) keep their 4xx status.
  const status =
    error instanceof AppError ? error.status : (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send(resultPage('', 'closed', languageOf(request)));
  }
  const unavailable = isDatabaseUnavailable(error);
  if (!unavailable) request.log.error({ err: error }, 'sandbox: unhandled error');
  if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.status(unavailable ? 503 : 500).send(unavailablePage(languageOf(request)));
}

/**
 * Whether a charge's checkout takes a card now: open, and not past its expiry (its attempt's;
 * ADR 0035: no checkout outlives the hold it pays for). The checkout's own clock decides, as an
 * outside gateway's would, whether or not our reconciliation has expired the attempt yet.
 */
function takesCards(charge: typeof sandboxCharges.$inferSelect): boolean {
  return charge.status === 'open' && (!charge.expiresAt || charge.expiresAt > new Date());
}

/** GET the checkout page of an open charge; a closed or unknown one shows as closed. */
async function showCheckout(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const language = languageOf(request);
  const params = transactionParams.safeParse(request.params);
  if (!params.success) return reply.status(404).send(resultPage('', 'closed', language));
  const [charge] = await app.db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.transactionId, params.data.transactionId));
  if (!charge)
    return reply.status(404).send(resultPage(params.data.transactionId, 'closed', language));
  if (!takesCards(charge)) return reply.send(resultPage(charge.transactionId, 'closed', language));
  return reply.send(checkoutPage(charge, language));
}

/** POST the card form: the charge is claimed, decided by test card, and the merchant told. */
async function pay(
  app: FastifyInstance,
  options: SandboxRoutesOptions,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  const language = languageOf(request);
  const params = transactionParams.safeParse(request.params);
  if (!params.success) return reply.status(404).send(resultPage('', 'closed', language));
  const form = payForm.safeParse(request.body ?? {});
  const values = form.success ? form.data : payForm.parse({});

  const claimed = await claimCharge(app.db, params.data.transactionId, values);
  if (claimed.page === 'missing') {
    return reply.status(404).send(resultPage(params.data.transactionId, 'closed', language));
  }
  if (claimed.page === 'closed')
    return reply.send(resultPage(claimed.charge.transactionId, 'closed', language));
  if (claimed.page === 'form') {
    return reply.status(422).send(checkoutPage(claimed.charge, language, claimed.problem, values));
  }
  const { charge, outcome } = await decide(app.db, claimed.charge.transactionId, values.cardNumber);
  // The lost notification's card is approved, but the merchant is never told.
  if (outcome !== 'approvedLostNotification') await notify(app, options, charge, outcome);
  return reply.send(
    resultPage(charge.transactionId, outcome === 'declined' ? 'declined' : 'approved', language),
  );
}

/**
 * Like a real gateway, the charge is first marked as being processed (the payment step), then
 * decided: while it is processed, the merchant cannot close it. Only an open charge with a
 * valid card form is claimed. The gateway locks its charge row and nothing else (as an outside
 * gateway would): the API locks a charge only last, after its booking and its attempt
 * (modules/payments/locks.ts), so the two never wait for each other crosswise.
 */
function claimCharge(db: Database, transactionId: string, values: PayForm) {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.transactionId, transactionId))
      .for('update');
    if (!charge) return { page: 'missing' as const };
    if (!takesCards(charge)) return { page: 'closed' as const, charge };
    const problem = formProblem(values);
    if (problem) return { page: 'form' as const, charge, problem };
    await tx
      .update(sandboxCharges)
      .set({ status: 'processing', updatedAt: sql`now()` })
      .where(eq(sandboxCharges.transactionId, charge.transactionId));
    return { page: 'processing' as const, charge };
  });
}

/** The card's outcome, recorded once the charge is being processed. */
async function decide(db: Database, transactionId: string, cardNumber: string) {
  const outcome = cardOutcome(cardNumber);
  const [updated] = await db
    .update(sandboxCharges)
    .set({
      status: outcome === 'declined' ? 'declined' : 'approved',
      cardLast4: cardNumber.replace(/\D/g, '').slice(-4),
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(sandboxCharges.transactionId, transactionId), eq(sandboxCharges.status, 'processing')),
    )
    .returning();
  if (!updated) throw new Error('sandbox: a processed charge changed under it');
  return { charge: updated, outcome };
}

/** Where notifications go: the configured address, else this server's own API. */
function notifyUrl(app: FastifyInstance, configured: string | undefined): string | null {
  if (configured) return configured;
  const address = app.server.address() as AddressInfo | null;
  return address ? `http://127.0.0.1:${address.port}/api/payments/notify/sandbox` : null;
}

/** Sends the merchant the signed news of a decided charge; a failed delivery is only logged. */
async function notify(
  app: FastifyInstance,
  options: SandboxRoutesOptions,
  charge: Charge,
  outcome: 'approved' | 'declined',
) {
  const url = notifyUrl(app, options.notifyUrl);
  if (!url) {
    app.log.warn(
      { transactionId: charge.transactionId },
      'sandbox: nowhere to send the notification',
    );
    return;
  }
  const event: SandboxNotification = {
    id: `evt_${charge.reference}_${outcome}`,
    type: outcome === 'approved' ? 'charge.succeeded' : 'charge.failed',
    transactionId: charge.transactionId,
    reference: charge.reference,
    amount: charge.amountCents,
    currency: charge.currency,
    created: Math.floor(Date.now() / 1000),
  };
  const body = JSON.stringify(event);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signPayload(options.secret, body, Math.floor(Date.now() / 1000)),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok)
      app.log.warn({ status: response.status }, 'sandbox: the merchant refused the notification');
  } catch (error) {
    // The gateway's delivery failed: the merchant's reconciliation will ask for the status.
    app.log.warn({ err: error }, 'sandbox: notification not delivered');
  }
}
