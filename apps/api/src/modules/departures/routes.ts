import {
  availabilityList,
  availabilityQuery,
  departureParams,
  departureUpdateRequest,
  errorBody,
  managedDeparture,
  tourCodeParams,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { requireAdmin } from '../admin/money.ts';
import { availabilityOf, updateDeparture } from './manage.ts';

/** GET tour/{code}/availability: open to anyone, as the tour is (the booking page's calendar). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/:id/availability',
    {
      schema: {
        tags: ['tours'],
        params: tourCodeParams,
        querystring: availabilityQuery,
        response: { 200: availabilityList, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      // Seats move with every booking: a browser may keep the answer a few seconds, no more.
      reply.header('cache-control', 'public, max-age=10');
      return availabilityOf(app.db, request.params.id, request.query);
    },
  );
};

/** PUT admin/departures/{tourCode}/{date} (issue 14), in the staff scope: administrators only. */
export const adminDepartureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/departures/:tourCode/:date',
    {
      schema: {
        description:
          "Sets a departure's seats, permits and status (administrators), audited; answers the bookings on it.",
        params: departureParams,
        body: departureUpdateRequest,
        response: { 200: managedDeparture, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const staff = currentUser(request);
      requireAdmin(staff);
      return updateDeparture(app.db, staff, request.params, request.body);
    },
  );
};
