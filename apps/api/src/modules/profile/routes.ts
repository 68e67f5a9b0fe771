import {
  changePasswordRequest,
  changePasswordResponse,
  profileRequest,
  sessionUser,
} from '@cusco/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { throttlePolicyOf } from '../auth/throttle.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { changePassword, updateProfile } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/client/profile',
    { schema: { tags: ['accounts'], body: profileRequest, response: { 200: sessionUser } } },
    async (request) =>
      changeAccount(app, request, (user) => updateProfile(app.db, user, request.body)),
  );

  app.put(
    '/client/changepassword',
    {
      schema: {
        tags: ['accounts'],
        body: changePasswordRequest,
        response: { 200: changePasswordResponse },
      },
    },
    async (request) =>
      changeAccount(app, request, (user) =>
        changePassword(app.db, user, request.body, {
          ...throttlePolicyOf(app.config),
          ip: request.ip,
        }),
      ),
  );
};

/**
 * Makes a change to the signed-in user's account, then drops the sessions this node holds of
 * them, so that their next request reads the changed account.
 */
async function changeAccount<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  change: (user: AuthenticatedUser) => Promise<T>,
): Promise<T> {
  const user = currentUser(request);
  const answer = await change(user);
  app.sessions.forgetUser(user.userId);
  return answer;
}
