import {
  clientRecord,
  documentUploadResponse,
  errorBody,
  MAX_DOCUMENT_BYTES,
  optionList,
  optionListParams,
  passengerPayload,
  passengerSaveResponse,
  uuid,
} from '@cusco/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { catalogueGet, sendCatalogue } from '../../lib/catalogue-route.ts';
import type { ZodApp } from '../../lib/zod-app.ts';
import { currentUser } from '../../plugins/auth.ts';
import { retryWaiting } from '../receipts/service.ts';
import { bookingsOfClient, findVisibleClient } from './access.ts';
import { openDocument, saveDocument } from './documents.ts';
import { listJobs, listOptions } from './options.ts';
import { getClientRecord } from './read.ts';
import { createPassenger, updatePassenger } from './save.ts';
import { readFileField } from './upload.ts';

const clientParams = z.object({ id: uuid });
const slotParams = z.object({ slotId: uuid });
const refusals = { 400: errorBody, 404: errorBody };

/** Passenger data of a booking (spec §5 "Passenger save"): lists, records and document scans. */
export const passengerRoutes: FastifyPluginAsyncZod = async (app) => {
  passengerListRoutes(app);
  passengerRecordRoutes(app);
  documentDownloadRoute(app);
  await app.register(documentUploadRoutes);
};

/** The option lists and the jobs of the passenger form. */
function passengerListRoutes(app: ZodApp) {
  app.get(
    '/optionlist/listbykey/:key',
    {
      schema: {
        tags: ['passengers'],
        params: optionListParams,
        response: { 200: optionList, 404: errorBody },
      },
    },
    async (request, reply) =>
      sendCatalogue(app, request, reply, {
        name: `options:${request.params.key}`,
        audience: 'private',
        load: (db, language) => listOptions(db, request.params.key, language),
      }),
  );

  catalogueGet(app, {
    url: '/job/list',
    schema: { tags: ['passengers'], response: { 200: optionList } },
    name: 'jobs',
    audience: 'private',
    load: listJobs,
  });
}

/** A passenger's record: created in a slot, read, updated. */
function passengerRecordRoutes(app: ZodApp) {
  app.post(
    '/client/:slotId/create',
    {
      schema: {
        tags: ['passengers'],
        params: slotParams,
        body: passengerPayload,
        response: { 201: passengerSaveResponse, ...refusals, 409: errorBody },
      },
    },
    async (request, reply) => {
      const answer = await createPassenger(app.db, request.params.slotId, {
        user: currentUser(request),
        body: request.body,
      });
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/client/:id',
    {
      schema: {
        tags: ['passengers'],
        params: clientParams,
        response: { 200: clientRecord, ...refusals },
      },
    },
    async (request) => getClientRecord(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/client/:id/update',
    {
      schema: {
        tags: ['passengers'],
        params: clientParams,
        body: passengerPayload,
        response: { 200: passengerSaveResponse, ...refusals },
      },
    },
    async (request) =>
      updatePassenger(app.db, request.params.id, {
        user: currentUser(request),
        body: request.body,
      }),
  );
}

/** A passenger's document scan, as stored. */
function documentDownloadRoute(app: ZodApp) {
  app.get(
    '/client/:id/document',
    {
      schema: {
        tags: ['passengers'],
        description: 'The scan itself (image/jpeg or image/png); 404 when none is stored.',
        params: clientParams,
      },
    },
    async (request, reply) => {
      const document = await openDocument(app.db, currentUser(request), request.params.id);
      return reply
        .headers({
          'content-type': document.mime,
          'content-length': String(document.content.length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          'content-disposition': 'inline',
        })
        .send(document.content);
    },
  );
}

/** The upload, in its own scope: only this route parses multipart bodies, with tight limits. */
const documentUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_DOCUMENT_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
  });

  app.post(
    '/client/:id/add/document',
    {
      preHandler: app.rateLimited('upload'),
      schema: {
        tags: ['passengers'],
        consumes: ['multipart/form-data'],
        params: clientParams,
        response: {
          200: documentUploadResponse,
          ...refusals,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Another customer's client is a 404 before a byte of the file is read.
      await findVisibleClient(app.db, user, request.params.id);
      const saved = await saveDocument(app.db, {
        user,
        clientId: request.params.id,
        bytes: await readFileField(request),
      });
      // A receipt waiting for this passport is issued now (else by the sweeper).
      await retryWaiting(app.db, await bookingsOfClient(app.db, request.params.id));
      return saved;
    },
  );
};
