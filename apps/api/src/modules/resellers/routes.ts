import {
  errorBody,
  reseller,
  resellerKey,
  resellerKeyCreated,
  resellerKeyParams,
  resellerKeyRequest,
  resellerList,
  resellerParams,
  resellerUpdateRequest,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyHeaders } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createResellerKey, listResellers, revokeResellerKey, setNetDiscount } from './admin.ts';

const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const tags = ['resellers'];

/**
 * The resellers' keys and net prices (issue 31), in the administrators' scope (agents get 403,
 * anyone else signed in 404). The key itself appears in one answer only: the POST that makes it.
 */
export const adminResellerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/resellers',
    {
      schema: {
        tags,
        description:
          'Every corporate client with its users, its net discount, its OCTO keys (never the key) and its OCTO bookings.',
        response: { 200: resellerList, 403: errorBody },
      },
    },
    () => listResellers(app.db),
  );

  app.post(
    '/admin/resellers/:id/keys',
    {
      schema: {
        tags,
        description:
          "Makes an OCTO API key for one of the company's users; the key is answered once and only its hash is kept. A replay of the Idempotency-Key is a 409 naming the key made, never showing it again.",
        params: resellerParams,
        headers: idempotencyHeaders,
        body: resellerKeyRequest,
        response: { 201: resellerKeyCreated, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await createResellerKey(
        app.db,
        {
          staff: currentUser(request),
          key: request.headers['idempotency-key'] as string | undefined,
        },
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/admin/resellers/:id/keys/:keyId',
    {
      schema: {
        tags,
        description:
          'Revokes a key at once (kept, marked revoked); revoking it again changes nothing.',
        params: resellerKeyParams,
        response: { 200: resellerKey, ...refusals },
      },
    },
    (request) =>
      revokeResellerKey(app.db, currentUser(request), request.params.id, request.params.keyId),
  );

  app.put(
    '/admin/resellers/:id',
    {
      schema: {
        tags,
        description: "Sets the company's net price: its discount off retail, in basis points.",
        params: resellerParams,
        body: resellerUpdateRequest,
        response: { 200: reseller, ...refusals },
      },
    },
    (request) => setNetDiscount(app.db, currentUser(request), request.params.id, request.body),
  );
};
