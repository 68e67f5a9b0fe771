import {
  availabilityList,
  availabilityQuery,
  departureBulkRequest,
  departureBulkResult,
  departureCalendar,
  departureCalendarQuery,
  departureParams,
  departureUpdateRequest,
  errorBody,
  managedDeparture,
  tourCodeParams,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { availabilityOf, bulkDepartures, tourCalendar, updateDeparture } from './manage.ts';

/**
 * How long a node serves the seats it read before reading them again. A booking saved on this
 * node drops its tour's answers at once; one saved on another node is seen within this time (the
 * save itself never oversells: it counts under the departure's lock).
 */
export const AVAILABILITY_MAX_AGE_MS = 2000;

/** The cache key of a tour's availability answers (all ranges, types and languages). */
export const availabilityKey = (tourCode: string) => `availability:${tourCode}:`;

/**
 * GET tour/{code}/availability: open to anyone, as the tour is (the booking page's calendar);
 * answered from the catalogue cache with an ETag, read again every AVAILABILITY_MAX_AGE_MS.
 */
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
      const { from, to, type, category } = request.query;
      const language = languageOf(request);
      return app.seats.send(request, reply, {
        key: `${availabilityKey(request.params.id)}${from}:${to}:${type}:${category}:${language}`,
        audience: 'public',
        maxAgeMs: AVAILABILITY_MAX_AGE_MS,
        load: () => availabilityOf(app.db, request.params.id, request.query, language),
      });
    },
  );
};

/** The departures (issue 14), changed by administrators (their scope: agents get 403). */
export const adminDepartureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/departures/:tourCode/:date',
    {
      schema: {
        description:
          "Sets a departure's seats, permits, private groups and status (administrators), audited; a field left out stays as it was, null clears it; answers the bookings on it.",
        params: departureParams,
        body: departureUpdateRequest,
        response: { 200: managedDeparture, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const staff = currentUser(request);
      const answer = await updateDeparture(app.db, staff, request.params, request.body);
      // This node shows the change at once; the others within a second (the catalogue version).
      app.catalogueChanged();
      return answer;
    },
  );

  app.post(
    '/admin/tours/:id/departures',
    {
      schema: {
        description:
          'Sets the departures of a range of dates on chosen days of the week (administrators), audited; answers the dates and the bookings on those it closes.',
        params: tourCodeParams,
        body: departureBulkRequest,
        response: { 200: departureBulkResult, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const staff = currentUser(request);
      const answer = await bulkDepartures(app.db, staff, request.params.id, request.body);
      app.catalogueChanged();
      return answer;
    },
  );
};

/** A tour's departures, month by month, for every member of the staff. */
export const adminCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/tours/:id/departures',
    {
      schema: {
        description: "A tour's calendar: each day's seats, permits, bookings and status.",
        params: tourCodeParams,
        querystring: departureCalendarQuery,
        response: { 200: departureCalendar, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => tourCalendar(app.db, request.params.id, request.query, languageOf(request)),
  );
};
