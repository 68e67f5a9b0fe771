import {
  adminIncident,
  adminIncidentList,
  adminIncidentQuery,
  errorBody,
  incidentAnswerRequest,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { languageOf } from '../../lib/language.ts';
import { searchPageGet } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { answerIncident } from '../incidents/agency.ts';
import { getQueuedIncident, listIncidentQueue } from './incidents.ts';

/** The back office's requests queue (issue 13); registered inside the staff scope only. */
export const adminIncidentRoutes: FastifyPluginAsyncZod = async (app) => {
  searchPageGet(app, {
    url: '/admin/incidents',
    querystring: adminIncidentQuery,
    list: adminIncidentList,
    read: listIncidentQueue,
  });

  app.post(
    '/admin/incidents/:id/answer',
    {
      schema: {
        params: z.object({ id: z.string().check(z.maxLength(64)) }),
        body: incidentAnswerRequest,
        response: { 200: adminIncident, 422: errorBody },
      },
    },
    async (request) => {
      const staff = currentUser(request);
      await answerIncident(
        app.db,
        request.params.id,
        {
          response: request.body.response,
          observation: request.body.observation,
          decision: request.body.decision,
          adviserId: staff.userId,
        },
        { staffUserId: staff.userId, gateway: app.gateway },
      );
      return getQueuedIncident(app.db, request.params.id, languageOf(request));
    },
  );
};
