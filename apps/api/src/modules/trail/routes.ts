import {
  adminTrail,
  departureParams,
  errorBody,
  guideDepartureList,
  guideDepartureParams,
  guideManifest,
  todayInLima,
  trailActionsRequest,
  trailActionsResponse,
} from '@cusco/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Executor } from '../../db/client.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AGENCY_PHONE } from '../mail/texts.ts';
import { recordTrailActions } from './actions.ts';
import { adminTrail as readAdminTrail } from './admin.ts';
import { emergencyNumbers, guideDepartures, guideManifest as readGuideManifest } from './guide.ts';
import { guideCrewMemberId } from './read.ts';

/** The guide behind a request of the guide's scope: their user and crew member. */
async function guideOf(db: Executor, request: FastifyRequest) {
  const user = currentUser(request);
  return { userId: user.userId, crewMemberId: await guideCrewMemberId(db, user.userId) };
}

/** The phone's id (made once per installation), optional on a download. */
const deviceHeaders = z.object({
  'x-device-id': z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});

/**
 * The guide's app (issue 32, ADR 0051), inside the guide's scope (plugins/auth.ts `guideOnly`:
 * anyone but a guide gets 404): the guide's departures, each one's download for the trail, and
 * what the phone did there.
 */
export const guideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/guide/departures',
    {
      schema: {
        description:
          "The departures the guide's crew member is assigned to, not cancelled, from those a phone still keeps to 60 days ahead, soonest first.",
        response: { 200: guideDepartureList },
      },
    },
    async (request) => {
      const guide = await guideOf(app.db, request);
      return guideDepartures(app.db, guide.crewMemberId, languageOf(request), todayInLima());
    },
  );

  app.get(
    '/guide/departures/:tourCode/:date',
    {
      schema: {
        description:
          "A departure's download for the trail (travellers, crew, references, itinerary, emergency numbers, bookings, voucher keys, notes). X-Device-Id records the phone's sync. 404 when the guide is not assigned to it.",
        params: guideDepartureParams,
        headers: deviceHeaders,
        response: { 200: guideManifest, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const guide = await guideOf(app.db, request);
      const language = languageOf(request);
      return readGuideManifest(app.db, guide, request.params, {
        language,
        deviceId: request.headers['x-device-id'],
        emergency: emergencyNumbers(app.config.trail.emergencyPhones, AGENCY_PHONE, language),
      });
    },
  );

  app.post(
    '/guide/actions',
    {
      schema: {
        description:
          "Check-ins, no-shows and notes taken on the trail, each with the phone's own id: applied, duplicate (sent before), conflict (another guide came first) or refused, per action.",
        body: trailActionsRequest,
        response: { 200: trailActionsResponse, 400: errorBody },
      },
    },
    async (request) => {
      const guide = await guideOf(app.db, request);
      return recordTrailActions(app.db, guide, request.body, todayInLima());
    },
  );
};

/** The trail's view for the back office (issue 32), inside the staff scope (agents too). */
export const adminTrailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/departures/:tourCode/:date/trail',
    {
      schema: {
        description:
          "What the guides did on a departure (attendance, notes, conflicts) and when each guide's phone last synced it.",
        params: departureParams,
        response: { 200: adminTrail, 400: errorBody, 404: errorBody },
      },
    },
    async (request) =>
      readAdminTrail(app.db, request.params.tourCode, request.params.date, languageOf(request)),
  );
};
