import {
  bookingCodeParams,
  errorBody,
  ledgerAdjustmentRequest,
  moneyActionResult,
  offlinePaymentRequest,
  refundRequest,
} from '@cusco/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { adjustLedger, recordOfflinePayment, refundAttempt, type StaffCall } from './money.ts';

const answers = { 201: moneyActionResult, 403: errorBody, 404: errorBody, 422: errorBody };

/** Who calls, and the Idempotency-Key they sent. */
const staffCall = (request: FastifyRequest): StaffCall => ({
  staff: currentUser(request),
  key: request.headers['idempotency-key'] as string | undefined,
});

/**
 * The back office's money calls (issue 13), each idempotent with `Idempotency-Key`: payments
 * taken at the desk, in the staff scope; discounts, additions and refunds in the administrators'
 * (`adminLedgerRoutes`).
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/bookings/:code/payments',
    {
      schema: {
        description:
          'Records a payment taken at the agency (cash, transfer, card terminal), up to the debt.',
        params: bookingCodeParams,
        headers: idempotencyHeaders,
        body: offlinePaymentRequest,
        response: answers,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await recordOfflinePayment(app.db, staffCall(request), request.params.code, request.body),
      ),
  );
};

/** Discounts, additions and refunds: the administrators' scope (agents get 403). */
export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['discount', 'addition'] as const) {
    app.post(
      `/admin/bookings/:code/${kind}s`,
      {
        schema: {
          description:
            kind === 'discount'
              ? 'Gives a discount with a reason (administrators), never below zero debt.'
              : 'Adds a charge with a reason (administrators).',
          params: bookingCodeParams,
          headers: idempotencyHeaders,
          body: ledgerAdjustmentRequest,
          response: answers,
        },
      },
      async (request, reply) =>
        sendStored(
          reply,
          await adjustLedger(app.db, staffCall(request), request.params.code, kind, request.body),
        ),
    );
  }

  app.post(
    '/admin/payments/:attemptId/refund',
    {
      schema: {
        description:
          'Refunds part or all of a paid attempt through its gateway (administrators); never more than it paid.',
        params: z.object({ attemptId: z.uuid() }),
        headers: idempotencyHeaders,
        body: refundRequest,
        response: answers,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await refundAttempt(
          app.db,
          staffCall(request),
          request.params.attemptId,
          request.body,
          app.gateway,
        ),
      ),
  );
};
