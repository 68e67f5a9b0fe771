import {
  changePasswordRequest,
  changePasswordResponse,
  profileRequest,
  sessionUser,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { throttlePolicyOf } from '../auth/throttle.ts';
import { changePassword, updateProfile } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/client/profile',
    {
      schema: {
        tags: ['accounts'],
        body: profileRequest,
        response: { 200: sessionUser },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const answer = await updateProfile(app.db, user, request.body);
      app.sessions.forgetUser(user.userId);
      return answer;
    },
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
    async (request) => {
      const user = currentUser(request);
      const answer = await changePassword(app.db, user, request.body, {
        ...throttlePolicyOf(app.config),
        ip: request.ip,
      });
      app.sessions.forgetUser(user.userId);
      return answer;
    },
  );
};
