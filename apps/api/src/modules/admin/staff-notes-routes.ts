import { bookingCodeParams, errorBody, staffNoteList, staffNoteRequest } from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { currentUser } from '../../plugins/auth.ts';
import { addStaffNote, listStaffNotes, type NoteSubject } from './staff-notes.ts';

const incidentParams = z.object({ id: z.string().check(z.maxLength(64)) });

/** Notes only staff see (issue 28), on bookings and requests: in the staff scope. */
export const adminStaffNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = [
    { url: '/admin/bookings/:code/notes', params: bookingCodeParams, of: 'booking' },
    { url: '/admin/incidents/:id/notes', params: incidentParams, of: 'incident' },
  ] as const;
  for (const route of routes) {
    const subjectOf = (params: Record<string, string>): NoteSubject =>
      route.of === 'booking'
        ? { kind: 'booking', code: params.code ?? '' }
        : { kind: 'incident', id: params.id ?? '' };
    app.get(
      route.url,
      {
        schema: {
          description: `The staff's notes on a ${route.of}, the newest first; never shown to the customer.`,
          params: route.params,
          response: { 200: staffNoteList, 404: errorBody },
        },
      },
      async (request) => listStaffNotes(app.db, subjectOf(request.params)),
    );
    app.post(
      route.url,
      {
        schema: {
          description: `Adds a note only staff see to a ${route.of}; answers its notes.`,
          params: route.params,
          body: staffNoteRequest,
          response: { 201: staffNoteList, 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        const notes = await addStaffNote(
          app.db,
          currentUser(request),
          subjectOf(request.params),
          request.body,
        );
        return reply.code(201).send(notes);
      },
    );
  }
};
