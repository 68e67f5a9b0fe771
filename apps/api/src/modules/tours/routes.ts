import { countryList, tour, tourCodeParams, tourList } from '@cusco/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../errors.ts';
import { catalogueGet, sendCatalogue } from '../../lib/catalogue-route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { getTour, listCountries, listTours } from './service.ts';

/** Every active tour: the corporate list and the public catalogue give the same answer. */
const tourListRoute = { schema: { tags: ['tours'], response: { 200: tourList } }, load: listTours };

/** The corporate tour list and the corporate booking page's tour: signed-in routes. */
export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  catalogueGet(app, { ...tourListRoute, url: '/tour/list', name: 'tours', audience: 'private' });

  app.get(
    '/tour/private/:tourId',
    {
      schema: {
        tags: ['tours'],
        params: z.object({ tourId: tourCodeParams.shape.id }),
        response: { 200: tour },
      },
    },
    async (request, reply) => {
      // The corporate booking page's tour (spec §7): corporate clients' users only.
      if (!currentUser(request).corporateClientId) throw new AppError('FORBIDDEN', 'corporateOnly');
      return sendTour(app, request, reply, request.params.tourId, 'private');
    },
  );
};

/** A tour (the public booking page) and the countries: open to anyone. */
export const publicTourRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public catalogue (issue 12): every active tour, for a visitor without an account; the
  // same answer as the corporate list, cached for anyone.
  catalogueGet(app, {
    ...tourListRoute,
    url: '/tour/catalogue',
    name: 'tours-public',
    audience: 'public',
  });

  app.get(
    '/tour/:id',
    { schema: { tags: ['tours'], params: tourCodeParams, response: { 200: tour } } },
    async (request, reply) => sendTour(app, request, reply, request.params.id, 'public'),
  );

  catalogueGet(app, {
    url: '/common/countries',
    schema: { tags: ['reference'], response: { 200: countryList } },
    name: 'countries',
    audience: 'public',
    load: listCountries,
  });
};

/** A tour's answer, from the catalogue cache (the same entry for the public and corporate pages). */
function sendTour(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
  audience: 'public' | 'private',
) {
  return sendCatalogue(app, request, reply, {
    name: `tour:${code}`,
    audience,
    load: (db, language) => getTour(db, code, language),
  });
}
