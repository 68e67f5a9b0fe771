import {
  creditAnswer,
  creditPaymentAnswer,
  creditPaymentRequest,
  errorBody,
  paymentAddRequest,
  paymentAddResponse,
} from '@cusco/shared';
import formbody from '@fastify/formbody';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { paymentAttempts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { currencyOfNumeric, verifyAnswer } from '../../gateways/payme/gateway.ts';
import { sandboxNotification } from '../../gateways/sandbox/notification.ts';
import { pageLanguageOf, resultPage } from '../../gateways/sandbox/pages.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../gateways/sandbox/signature.ts';
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findForbiddenText } from '../../plugins/input-guard.ts';
import { addPayment } from './attempts.ts';
import { creditAccount, payWithCredit } from './credit.ts';
import { audit, settleAttempt } from './settle.ts';

const received = z.object({ received: z.literal(true), result: z.string() });

/** Opening a payment attempt: a signed-in route. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = { gateway: app.gateway, ttlMinutes: app.config.payments.attemptTtlMinutes };

  app.post(
    '/tour/payment/add',
    {
      preHandler: app.rateLimited('payment'),
      schema: {
        tags: ['payments'],
        body: paymentAddRequest,
        response: { 201: paymentAddResponse, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const attempt = await addPayment(app.db, currentUser(request), request.body, policy);
      return reply.status(201).send(attempt);
    },
  );

  app.get(
    '/tour/credit',
    {
      schema: {
        tags: ['payments'],
        description: "The caller's credit with the agency (money given back by a change).",
        response: { 200: creditAnswer },
      },
    },
    async (request) => creditAccount(app.db, currentUser(request)),
  );

  app.post(
    '/tour/payment/credit',
    {
      preHandler: app.rateLimited('payment'),
      schema: {
        tags: ['payments'],
        description:
          "Pays a booking's balance with the caller's credit; idempotent with Idempotency-Key.",
        headers: idempotencyHeaders,
        body: creditPaymentRequest,
        response: { 201: creditPaymentAnswer, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await payWithCredit(
          app.db,
          currentUser(request),
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
  );
};

/**
 * The notification route of the configured gateway only, open to the gateway (each verifies its
 * own signature): a gateway that is not configured has no door to knock on.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ sandboxSecret?: string }> = async (
  app,
  options,
) => {
  if (app.gateway.name === 'sandbox') {
    if (!options.sandboxSecret) throw new Error('the sandbox gateway needs its signing secret');
    await app.register(sandboxNotifications, { secret: options.sandboxSecret });
  }
  if (app.gateway.name === 'payme') await app.register(paymeNotifications);
};

/** The sandbox's signed notifications. The signature is over the exact bytes received. */
const sandboxNotifications: FastifyPluginAsyncZod<{ secret: string }> = async (app, options) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/notify/sandbox',
    {
      schema: {
        tags: ['payments'],
        headers: z.object({ [SIGNATURE_HEADER]: z.optional(z.string().check(z.maxLength(300))) }),
        body: z.string(),
        response: { 200: received },
      },
    },
    async (request) => {
      const raw = request.body;
      // What the signature does not vouch for is logged, not stored: anyone can post here, and
      // must not fill the database doing so (docs/payments.md). A stale signature is one of
      // those: whoever saw a notification could replay it for ever.
      const refused = (reason: string) =>
        request.log.warn({ reason }, 'sandbox: notification refused');
      // Parsed before the signature is checked (parsing is harmless), so that text no route
      // may store is refused as everywhere else, signed or not.
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        refused('not JSON');
        throw new AppError('VALIDATION', 'invalidInput');
      }
      const bad = findForbiddenText(json);
      if (bad !== null) {
        refused('invalid characters');
        throw new AppError('VALIDATION', 'invalidCharacters', { field: bad });
      }
      const check = verifySignature(
        options.secret,
        raw,
        request.headers[SIGNATURE_HEADER],
        app.config.payments.notificationToleranceSeconds,
      );
      if (!check.ok) {
        refused(check.reason);
        if (check.reason === 'stale') throw new AppError('VALIDATION', 'notificationStale');
        throw new AppError('UNAUTHENTICATED', 'notificationRejected');
      }
      // Signed by the gateway from here on: what cannot be applied is stored, with why.
      const event = sandboxNotification.safeParse(json);
      if (!event.success) {
        await audit(app.db, { gateway: 'sandbox', payload: json }, null, 'rejected: malformed');
        throw new AppError('VALIDATION', 'invalidInput');
      }
      const result = await settleAttempt(app.db, {
        attemptId: event.data.transactionId,
        outcome: event.data.type === 'charge.succeeded' ? 'approved' : 'declined',
        amountCents: event.data.amount,
        currency: event.data.currency,
        reference: event.data.reference,
        source: 'notification',
        gateway: 'sandbox',
        payload: event.data,
      });
      return { received: true as const, result };
    },
  );
};

/** The attempt of a Pay-me purchaseOperationNumber (six digits or more, as we sent it). */
async function attemptOfOperation(db: Database, operation: string) {
  if (!/^\d{1,15}$/.test(operation)) return null;
  const [attempt] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.operationNumber, Number(operation)));
  return attempt ?? null;
}

/**
 * Pay-me VPOS2 answers through the customer's browser (a form post to this address): the hash
 * is verified, the payment settled in the currency the answer names (which must be the
 * attempt's), and the page tells the booking page the outcome.
 */
const paymeNotifications: FastifyPluginAsyncZod = async (app) => {
  await app.register(formbody);
  app.post(
    '/payments/notify/payme',
    {
      schema: {
        tags: ['payments'],
        body: z.object({
          purchaseOperationNumber: z._default(z.string().check(z.maxLength(20)), ''),
          purchaseAmount: z._default(z.string().check(z.maxLength(20)), ''),
          purchaseCurrencyCode: z._default(z.string().check(z.maxLength(5)), ''),
          authorizationResult: z._default(z.string().check(z.maxLength(5)), ''),
          purchaseVerification: z._default(z.string().check(z.maxLength(200)), ''),
          reserved2: z._default(z.string().check(z.maxLength(64)), ''),
        }),
      },
    },
    async (request, reply) => {
      const answer = request.body;
      const config = app.config.payments.payme;
      const currency = currencyOfNumeric(answer.purchaseCurrencyCode);
      if (!config.secretKey || !currency || !verifyAnswer(config, answer)) {
        // What the hash does not vouch for is logged, not stored: anyone can post here, and
        // must not fill the database doing so (docs/payments.md).
        const reason = currency ? 'hash' : 'currency';
        request.log.warn({ reason }, 'payme: answer refused');
        throw new AppError('UNAUTHENTICATED', 'notificationRejected');
      }
      // Verified from here on: what cannot be applied is stored, with why. The attempt is the
      // one the signature names (its operation number), never reserved2, which the hash does
      // not cover and the customer's browser can rewrite.
      const attempt = await attemptOfOperation(app.db, answer.purchaseOperationNumber);
      const mismatch = attempt && answer.reserved2 && answer.reserved2 !== attempt.id;
      if (!attempt || mismatch) {
        const outcome = attempt
          ? 'rejected: reserved2 names another attempt'
          : 'rejected: unknown transaction';
        await audit(app.db, { gateway: 'payme', payload: answer }, attempt?.id ?? null, outcome);
        request.log.warn({ outcome }, 'payme: an answer for no attempt of ours');
        throw new AppError('NOT_FOUND', 'paymentNotFound');
      }
      const approved = answer.authorizationResult === '00';
      await settleAttempt(app.db, {
        attemptId: attempt.id,
        outcome: approved ? 'approved' : 'declined',
        amountCents: Number(answer.purchaseAmount),
        currency,
        reference: answer.purchaseOperationNumber,
        source: 'notification',
        gateway: 'payme',
        payload: answer,
      });
      return reply
        .type('text/html; charset=utf-8')
        .send(
          resultPage(attempt.id, approved ? 'approved' : 'declined', pageLanguageOf(request.query)),
        );
    },
  );
};
