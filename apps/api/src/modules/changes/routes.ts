import {
  bookingCodeParams,
  changeQuoteAnswer,
  changeRequest,
  errorBody,
  staffChangeRequest,
  toCents,
} from '@cusco/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { availabilityKey } from '../departures/routes.ts';
import { type ChangeCaller, makeBookingChange, quoteBookingChange } from './service.ts';

const answers = {
  200: changeQuoteAnswer,
  201: changeQuoteAnswer,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

/** The customer (or corporate user) who may see the booking. */
function customerCaller(request: FastifyRequest, gateway: ChangeCaller['gateway']): ChangeCaller {
  const user = currentUser(request);
  return { reader: user, actorUserId: user.userId, language: languageOf(request), gateway };
}

/**
 * A customer's changes of their own booking (issue 27): the quote, then the change, both under
 * the tour's policy, for the bookings they may see (404 for any other).
 */
export const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tour/booking/:code/changes/quote',
    {
      schema: {
        tags: ['bookings'],
        description: 'What a change or cancellation would do: refund, fee, new total and balance.',
        params: bookingCodeParams,
        body: changeRequest,
        response: answers,
      },
    },
    async (request) =>
      quoteBookingChange(
        app.db,
        customerCaller(request, app.gateway),
        request.params.code,
        request.body,
      ),
  );

  app.post(
    '/tour/booking/:code/changes',
    {
      preHandler: app.rateLimited('payment'),
      schema: {
        tags: ['bookings'],
        description:
          'Makes a change or cancellation under the policy; idempotent with Idempotency-Key.',
        params: bookingCodeParams,
        headers: idempotencyHeaders,
        body: changeRequest,
        response: answers,
      },
    },
    async (request, reply) => {
      const answer = await makeBookingChange(
        app.db,
        customerCaller(request, app.gateway),
        request.params.code,
        request.body,
        request.headers['idempotency-key'],
      );
      app.seats.forget(availabilityKey(answer.tourCode));
      return sendStored(reply, answer);
    },
  );
};

/**
 * Staff's twins (the staff scope): the same quote and change of any booking, on the customer's
 * behalf or for the agency (`byAgency`: weather, a closed trail; everything paid is given back),
 * with a reason, which the audit trail keeps. Any staff member may act for the agency: a reason
 * is then required.
 */
export const adminChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffCaller = (
    request: FastifyRequest,
    body: { byAgency: boolean; reason: string; overrideRefund?: number | undefined },
  ) => {
    const staff = currentUser(request);
    // Setting a refund is refunding: administrators only, as the back office's refunds are.
    if (body.overrideRefund !== undefined && staff.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'staffAdminOnly', { field: 'overrideRefund' });
    }
    const overrides = body.byAgency || body.overrideRefund !== undefined;
    if (overrides && body.reason === '') {
      throw new AppError('VALIDATION', 'overrideReasonRequired', { field: 'reason' });
    }
    return {
      reader: 'staff',
      actorUserId: staff.userId,
      language: languageOf(request),
      gateway: app.gateway,
      byAgency: body.byAgency,
      reason: body.reason,
      ...(body.overrideRefund === undefined
        ? {}
        : { overrideRefundCents: toCents(body.overrideRefund) }),
    } satisfies ChangeCaller;
  };
  app.post(
    '/admin/bookings/:code/changes/quote',
    {
      schema: {
        description: 'What a change would do, for the customer or the agency.',
        params: bookingCodeParams,
        body: staffChangeRequest,
        response: answers,
      },
    },
    async (request) =>
      quoteBookingChange(
        app.db,
        staffCaller(request, request.body),
        request.params.code,
        request.body.change,
      ),
  );
  app.post(
    '/admin/bookings/:code/changes',
    {
      schema: {
        description: 'Makes a change for the customer or the agency, with a reason (audited).',
        params: bookingCodeParams,
        headers: idempotencyHeaders,
        body: staffChangeRequest,
        response: answers,
      },
    },
    async (request, reply) => {
      const answer = await makeBookingChange(
        app.db,
        staffCaller(request, request.body),
        request.params.code,
        request.body.change,
        request.headers['idempotency-key'],
      );
      app.seats.forget(availabilityKey(answer.tourCode));
      return sendStored(reply, answer);
    },
  );
};
