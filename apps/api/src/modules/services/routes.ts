import {
  additionalServiceOptions,
  addServicesBody,
  addServicesQuery,
  addServicesResponse,
  bookingCodeParams,
  errorBody,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listServiceOptions } from './options.ts';
import { addServices } from './purchase.ts';

/** Additional services bought for a booking after it was saved (spec §5, §7). */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/:code/service/additional',
    {
      schema: {
        tags: ['services'],
        description: 'The code is a reservation code (CT-…), not a tour code.',
        params: bookingCodeParams,
        response: { 200: additionalServiceOptions, 404: errorBody },
      },
    },
    async (request) =>
      listServiceOptions(app.db, currentUser(request), request.params.code, languageOf(request)),
  );

  app.post(
    '/tour/add/service',
    {
      schema: {
        tags: ['services'],
        headers: idempotencyHeaders,
        querystring: addServicesQuery,
        body: addServicesBody,
        response: { 201: addServicesResponse, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const answer = await addServices(app.db, {
        user: currentUser(request),
        bookingCode: request.query.bookingId,
        lines: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return sendStored(reply, answer);
    },
  );
};
