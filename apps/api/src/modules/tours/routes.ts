import { countryList, tour, tourCodeParams, tourList } from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { getTour, listCountries, listTours } from './service.ts';

/** The corporate tour list and the corporate booking page's tour: signed-in routes. */
export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/list',
    {
      schema: { tags: ['tours'], response: { 200: tourList } },
    },
    async (request) => listTours(app.db, languageOf(request)),
  );

  app.get(
    '/tour/private/:tourId',
    {
      schema: {
        tags: ['tours'],
        params: z.object({ tourId: tourCodeParams.shape.id }),
        response: { 200: tour },
      },
    },
    async (request) => {
      // The corporate booking page's tour (spec §7): corporate clients' users only.
      if (!currentUser(request).corporateClientId) throw new AppError('FORBIDDEN', 'corporateOnly');
      return getTour(app.db, request.params.tourId, languageOf(request));
    },
  );
};

/** A tour (the public booking page) and the countries: open to anyone. */
export const publicTourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/:id',
    { schema: { tags: ['tours'], params: tourCodeParams, response: { 200: tour } } },
    async (request) => getTour(app.db, request.params.id, languageOf(request)),
  );

  app.get(
    '/common/countries',
    { schema: { tags: ['reference'], response: { 200: countryList } } },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return listCountries(app.db, languageOf(request));
    },
  );
};
