import {
  crewAssignmentParams,
  crewAssignRequest,
  crewList,
  crewListQuery,
  crewMember,
  crewMemberParams,
  crewMemberRequest,
  departureCrew,
  departureParams,
  errorBody,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.ts';
import { searchPageGet } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { availabilityKey } from '../departures/routes.ts';
import { assignCrew, departureCrewOf, removeCrew } from './assignments.ts';
import { createCrewMember, listCrew, updateCrewMember } from './roster.ts';

/**
 * The crew (issue 29), inside the staff scope: every member of the staff reads the roster and
 * assigns crew to departures (a customer's token gets the scope's 404: crew data is staff-only).
 */
export const adminCrewRoutes: FastifyPluginAsyncZod = async (app) => {
  searchPageGet(app, {
    url: '/admin/crew',
    querystring: crewListQuery,
    list: crewList,
    read: listCrew,
  });

  const departureCrewPath = '/admin/departures/:tourCode/:date/crew';

  app.get(
    departureCrewPath,
    {
      schema: {
        description:
          "A departure's crew: who is assigned, what the tour's crew rule asks and what is missing, and the permits held, used and left.",
        params: departureParams,
        response: { 200: departureCrew, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => departureCrewOf(app.db, request.params, languageOf(request)),
  );

  app.post(
    departureCrewPath,
    {
      schema: {
        description:
          'Assigns a crew member to a departure (staff), audited: refused when they are inactive, on another departure those days, unlicensed to guide to its last day, when the departure is closed or has started, or when the permits would run out.',
        params: departureParams,
        body: crewAssignRequest,
        response: {
          201: departureCrew,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const answer = await assignCrew(
        app.db,
        currentUser(request),
        request.params,
        request.body,
        languageOf(request),
      );
      // The crew take permits: this node's seats answers for the tour are read again.
      app.seats.forget(availabilityKey(answer.tourCode));
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    `${departureCrewPath}/:crewMemberId`,
    {
      schema: {
        description:
          'Takes a crew member off a departure (staff), audited; refused while a permit or ticket is bought in their name for it.',
        params: crewAssignmentParams,
        response: {
          200: departureCrew,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const { crewMemberId, ...target } = request.params;
      const answer = await removeCrew(
        app.db,
        currentUser(request),
        { ...target, crewMemberId },
        languageOf(request),
      );
      app.seats.forget(availabilityKey(answer.tourCode));
      return answer;
    },
  );
};

/** The roster's edits (issue 29), in the administrators' scope: agents get 403. */
export const adminCrewEditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/crew',
    {
      schema: {
        description:
          'Adds a member to the crew roster (administrators), audited; 409 for a document already registered.',
        body: crewMemberRequest,
        response: { 201: crewMember, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCrewMember(app.db, currentUser(request), request.body, languageOf(request)),
        ),
  );

  app.put(
    '/admin/crew/:id',
    {
      schema: {
        description:
          "Changes a crew member's data, whole (administrators), audited; 409 for fields a bought permit locks, or a document already registered.",
        params: crewMemberParams,
        body: crewMemberRequest,
        response: {
          200: crewMember,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) =>
      updateCrewMember(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        languageOf(request),
      ),
  );
};
