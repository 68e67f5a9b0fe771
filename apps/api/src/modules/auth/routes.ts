import {
  loginRequest,
  loginResponse,
  logoutParams,
  logoutResponse,
  registerRequest,
  registerResponse,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { login, registerClient } from './service.ts';
import { revokeSession } from './sessions.ts';
import { throttlePolicyOf } from './throttle.ts';

/** Signing up and in: open to anyone. */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authentication/client/register',
    {
      preHandler: app.rateLimited('signUp'),
      schema: { tags: ['accounts'], body: registerRequest, response: { 201: registerResponse } },
    },
    async (request, reply) => {
      const { id } = await registerClient(app.db, request.body);
      return reply.status(201).send({ result: 1, id });
    },
  );

  app.post(
    '/authentication/login',
    { schema: { tags: ['accounts'], body: loginRequest, response: { 200: loginResponse } } },
    async (request) =>
      login(
        app.db,
        { ...request.body, ip: request.ip },
        { tokenTtlMinutes: app.config.tokenTtlMinutes, ...throttlePolicyOf(app.config) },
      ),
  );
};

/** Signing off: a signed-in route. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authentication/logout/:userId',
    { schema: { tags: ['accounts'], params: logoutParams, response: { 200: logoutResponse } } },
    async (request) => {
      const user = currentUser(request);
      if (request.params.userId !== user.userId) throw new AppError('FORBIDDEN', 'forbidden');
      await revokeSession(app.db, user.sessionId);
      app.sessions.forgetUser(user.userId);
      return { result: 1 as const };
    },
  );
};
