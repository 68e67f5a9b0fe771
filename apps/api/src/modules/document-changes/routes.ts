import {
  adminDocumentChange,
  adminDocumentChangeList,
  adminDocumentChangeQuery,
  bookingCodeParams,
  documentChangeConfirmRequest,
  documentChangeDecision,
  documentChangeIdParams,
  documentChangeItem,
  documentChangeParams,
  documentChangeRefuseRequest,
  documentChangeScanParams,
  documentChangeSlotParams,
  documentChangesAnswer,
  errorBody,
  MAX_DOCUMENT_CHANGE_BYTES,
} from '@cusco/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../lib/language.ts';
import { searchPageGet } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findVisibleSlot } from '../passengers/access.ts';
import { confirmDocumentChange, refuseDocumentChange } from './decide.ts';
import {
  getAdminDocumentChange,
  listAdminDocumentChanges,
  listDocumentChanges,
  openScan,
} from './read.ts';
import { requestDocumentChange, withdrawDocumentChange } from './request.ts';
import { readDocumentChangeForm } from './scans.ts';

const refusals = { 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * A customer's document changes (issue 29, ADR 0044): asked for a locked traveller of a booking
 * they may see (404 for anyone else's), listed, withdrawn.
 */
export const documentChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/booking/:code/document-changes',
    {
      schema: {
        tags: ['document changes'],
        params: bookingCodeParams,
        response: { 200: documentChangesAnswer, 404: errorBody },
      },
    },
    async (request) => listDocumentChanges(app.db, currentUser(request), request.params.code),
  );

  app.post(
    '/tour/booking/:code/document-changes/:id/withdraw',
    {
      schema: {
        tags: ['document changes'],
        params: documentChangeParams,
        response: { 200: documentChangeItem, ...refusals },
      },
    },
    async (request) =>
      withdrawDocumentChange(app.db, currentUser(request), request.params.code, request.params.id),
  );

  await app.register(documentChangeUploadRoutes);
};

/** The request with its scans, in its own scope: only it parses multipart bodies. */
const documentChangeUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_DOCUMENT_CHANGE_BYTES,
      files: 2,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
  });

  app.post(
    '/tour/booking/:code/passengers/:slotId/document-change',
    {
      preHandler: app.rateLimited('upload'),
      schema: {
        tags: ['document changes'],
        description:
          'multipart/form-data: lastName and/or documentNumber, optionally documentTypeId and countryId; files oldDocument and newDocument (JPEG, PNG or PDF, at most 1 MB each).',
        consumes: ['multipart/form-data'],
        params: documentChangeSlotParams,
        response: { 201: documentChangeItem, ...refusals, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Another customer's passenger is a 404 before a byte of the files is read.
      await findVisibleSlot(app.db, user, request.params.slotId, request.params.code);
      const answer = await requestDocumentChange(app.db, {
        user,
        code: request.params.code,
        slotId: request.params.slotId,
        form: await readDocumentChangeForm(request),
      });
      return reply.status(201).send(answer);
    },
  );
};

/** Staff's queue of document changes, the scans, and the decisions; inside the staff scope. */
export const adminDocumentChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  searchPageGet(app, {
    url: '/admin/document-changes',
    querystring: adminDocumentChangeQuery,
    list: adminDocumentChangeList,
    read: listAdminDocumentChanges,
  });

  app.get(
    '/admin/document-changes/:id',
    {
      schema: {
        params: documentChangeIdParams,
        response: { 200: adminDocumentChange, 404: errorBody },
      },
    },
    async (request) => getAdminDocumentChange(app.db, request.params.id, languageOf(request)),
  );

  app.get(
    '/admin/document-changes/:id/scans/:side',
    {
      schema: {
        description: 'The scan itself (image/jpeg, image/png or application/pdf).',
        params: documentChangeScanParams,
      },
    },
    async (request, reply) => {
      const scan = await openScan(app.db, request.params.id, request.params.side);
      return reply
        .headers({
          'content-type': scan.mime,
          'content-length': String(scan.content.length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
          'content-disposition': 'inline',
        })
        .send(scan.content);
    },
  );

  app.post(
    '/admin/document-changes/:id/confirm',
    {
      schema: {
        params: documentChangeIdParams,
        body: documentChangeConfirmRequest,
        response: { 200: documentChangeDecision, ...refusals },
      },
    },
    async (request) =>
      confirmDocumentChange(
        app.db,
        currentUser(request),
        request.params.id,
        { reference: request.body.reference, boughtOn: request.body.boughtOn },
        languageOf(request),
      ),
  );

  app.post(
    '/admin/document-changes/:id/refuse',
    {
      schema: {
        params: documentChangeIdParams,
        body: documentChangeRefuseRequest,
        response: { 200: documentChangeDecision, ...refusals },
      },
    },
    async (request) =>
      refuseDocumentChange(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.reason,
        languageOf(request),
      ),
  );
};
