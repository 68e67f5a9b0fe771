import {
  errorBody,
  forgotPasswordRequest,
  forgotPasswordResponse,
  guestRequest,
  loginRequest,
  loginResponse,
  logoutParams,
  logoutResponse,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  resetPasswordResponse,
  signInLinkRequest,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { revokeSession } from '../users/sessions.ts';
import { checkoutAsGuest } from './guest.ts';
import { requestPasswordReset, resetPassword } from './reset.ts';
import { login, registerClient } from './service.ts';
import { signInWithLink } from './sign-in-link.ts';
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
      const { id } = await registerClient(app.db, request.body, languageOf(request));
      return reply.status(201).send({ result: 1, id });
    },
  );

  app.post(
    '/authentication/guest',
    {
      // Sign-up's limit, counted with it: a guest's account is an account.
      preHandler: app.rateLimited('signUp'),
      schema: {
        tags: ['accounts'],
        description:
          'Continue as a guest (issue 28): creates an account without a password (name, e-mail, phone, country) and signs it in, answered as a sign-in. A taken e-mail is 409, as at sign-up.',
        body: guestRequest,
        response: { 201: loginResponse },
      },
    },
    async (request, reply) => {
      const session = await checkoutAsGuest(app.db, request.body, languageOf(request), {
        tokenTtlMinutes: app.config.tokenTtlMinutes,
      });
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/authentication/link',
    {
      preHandler: app.rateLimited('signInLink'),
      schema: {
        tags: ['accounts'],
        description:
          "Exchanges a sign-in link (a guest's booking e-mail; once, for 7 days) for a session, answered as a sign-in.",
        body: signInLinkRequest,
        response: { 200: loginResponse, 422: errorBody },
      },
    },
    async (request) =>
      signInWithLink(app.db, request.body.token, { tokenTtlMinutes: app.config.tokenTtlMinutes }),
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

/** The password reset (issue 15): open to anyone, as signing in is. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/authentication/password/forgot',
    {
      preHandler: app.rateLimited('passwordReset'),
      schema: {
        tags: ['accounts'],
        description:
          'E-mails a single-use link (30 minutes) to reset the password of the account with this e-mail. The answer is the same whether or not such an account exists.',
        body: forgotPasswordRequest,
        response: { 202: forgotPasswordResponse },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const language = languageOf(request);
      // The link is made once the answer has gone: whether an account has the address (one
      // read, or a transaction and an e-mail) never shows in the time the answer takes.
      app.afterAnswer(reply, 'password reset', () => requestPasswordReset(app.db, email, language));
      return reply.status(202).send({ result: 1 });
    },
  );

  app.post(
    '/authentication/password/reset',
    {
      schema: {
        tags: ['accounts'],
        description:
          "Sets a new password with a reset link's token; every session of the account ends.",
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, 422: errorBody },
      },
    },
    async (request) => {
      const { userId } = await resetPassword(app.db, {
        ...request.body,
        language: languageOf(request),
      });
      app.sessions.forgetUser(userId);
      return { result: 1 as const };
    },
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
