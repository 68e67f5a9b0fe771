import {
  errorBody,
  incident,
  incidentList,
  incidentOptions,
  incidentResult,
  incidentSaveRequest,
  incidentUpdateRequest,
  pageQuery,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { catalogueGet } from '../../lib/catalogue-route.ts';
import { languageOf } from '../../lib/language.ts';
import { userPageGet } from '../../lib/pagination.ts';
import type { ZodApp } from '../../lib/zod-app.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseIncidentId } from './access.ts';
import { listIncidentStatuses, listIncidentTypes } from './options.ts';
import { getIncident, listIncidents } from './read.ts';
import { changeIncidentStatus, deleteIncident, saveIncident, updateIncident } from './save.ts';

/**
 * The path's incident id is any text here and checked by `parseIncidentId` in the handler (the
 * contract's `incidentIdParams`): a malformed id is an incident that does not exist, so 404.
 */
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });
/** change/status takes no body: none, `{}`, or any object (its keys are ignored). */
const noBody = z.nullish(z.object({}));
const refusals = { 404: errorBody };
const tags = ['incidents'];

/** Customers' requests about a booking (spec §2 "Incidents", §5 "Incident save", §7). */
export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  incidentListRoutes(app);
  saveIncidentRoute(app);
  incidentByIdRoutes(app);
};

/**
 * The portal sends change/status and delete with no body, possibly still labelled JSON: in this
 * scope an empty JSON body is no body rather than a 400. Anything else parses as usual.
 */
function acceptEmptyJsonBodies(app: ZodApp) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, done);
  });
}

/** The incident types and statuses, and the caller's incidents. */
function incidentListRoutes(app: ZodApp) {
  catalogueGet(app, {
    url: '/incident/list/types',
    schema: { tags, response: { 200: incidentOptions } },
    name: 'incident-types',
    audience: 'private',
    load: listIncidentTypes,
  });
  catalogueGet(app, {
    url: '/incident/list/status',
    schema: { tags, response: { 200: incidentOptions } },
    name: 'incident-statuses',
    audience: 'private',
    load: listIncidentStatuses,
  });

  // The spec lists both calls; for a customer they answer the same list: the incidents of the
  // bookings they may see. (A back office would list every customer's under its own route.)
  for (const url of ['/incident/ListByCurrentUser', '/incident/list']) {
    userPageGet(app, {
      url,
      schema: {
        tags,
        description: "The incidents of the caller's bookings, newest change first.",
        querystring: pageQuery,
        response: { 200: incidentList },
      },
      user: currentUser,
      read: listIncidents,
    });
  }
}

/** A new incident. */
function saveIncidentRoute(app: ZodApp) {
  app.post(
    '/incident/save',
    {
      preHandler: app.rateLimited('request'),
      schema: {
        tags,
        description: 'bookingId is a reservation code; statusId is ignored (starts registered).',
        body: incidentSaveRequest,
        response: { 201: incidentResult, 400: errorBody, ...refusals },
      },
    },
    async (request, reply) => {
      const answer = await saveIncident(app.db, {
        user: currentUser(request),
        body: request.body,
        language: languageOf(request),
      });
      return reply.status(201).send(answer);
    },
  );
}

/** One incident: read, updated, moved to its next status, deleted. */
function incidentByIdRoutes(app: ZodApp) {
  app.get(
    '/incident/:id',
    {
      schema: { tags, params: idParams, response: { 200: incident, ...refusals } },
    },
    async (request) =>
      getIncident(
        app.db,
        currentUser(request),
        parseIncidentId(request.params.id),
        languageOf(request),
      ),
  );

  app.put(
    '/incident/:id/update',
    {
      schema: {
        tags,
        params: idParams,
        body: incidentUpdateRequest,
        response: {
          200: incidentResult,
          400: errorBody,
          ...refusals,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) =>
      updateIncident(app.db, parseIncidentId(request.params.id), {
        user: currentUser(request),
        body: request.body,
        language: languageOf(request),
      }),
  );

  app.put(
    '/incident/:id/change/status',
    {
      schema: {
        tags,
        description: "Moves the incident along the customer's one transition from its status.",
        params: idParams,
        body: noBody,
        response: { 200: incidentResult, ...refusals, 409: errorBody },
      },
    },
    async (request) =>
      changeIncidentStatus(app.db, parseIncidentId(request.params.id), currentUser(request)),
  );

  app.delete(
    '/incident/:id/delete',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: incidentResult, ...refusals, 409: errorBody },
      },
    },
    async (request) =>
      deleteIncident(app.db, parseIncidentId(request.params.id), currentUser(request)),
  );
}
