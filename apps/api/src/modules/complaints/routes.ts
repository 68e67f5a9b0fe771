import {
  adminComplaintDetail,
  adminComplaintList,
  adminComplaintParams,
  adminComplaintsQuery,
  complaintAnswerRequest,
  complaintFiledAnswer,
  complaintRequest,
  complaintsBookAnswer,
  errorBody,
} from '@cusco/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../errors.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { languageOf } from '../../lib/language.ts';
import { sendPage } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  answerComplaint,
  type BookOwner,
  complaintDetail,
  fileComplaint,
  listComplaints,
  loadComplaint,
} from './book.ts';
import { complaintPdf, complaintPdfName } from './pdf.ts';

/** The provider the book belongs to, from the receipts' issuer (config.receipts.agency). */
export function bookOwner(app: FastifyInstance): BookOwner {
  const { legalName, tradeName, ruc, address } = app.config.receipts.agency;
  return { legalName, tradeName, ruc, address };
}

/** The public complaints book (issue 30): open to anyone, as the law requires. */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/complaints/book',
    {
      schema: {
        tags: ['complaints'],
        description:
          'The provider the complaints book belongs to: its legal name, trade name, RUC and address.',
        response: { 200: complaintsBookAnswer },
      },
    },
    async () => bookOwner(app),
  );

  app.post(
    '/complaints',
    {
      preHandler: app.rateLimited('complaint'),
      schema: {
        tags: ['complaints'],
        description:
          "Files a sheet of the complaints book (Libro de Reclamaciones): answers its number and the last day to answer it (15 working days); the consumer's copy is e-mailed as a PDF.",
        body: complaintRequest,
        response: { 201: complaintFiledAnswer, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const filed = await fileComplaint(app.db, request.body, {
        language: languageOf(request),
        owner: bookOwner(app),
        operationsEmail: app.config.mail.operationsEmail,
      });
      return reply.code(201).send(filed);
    },
  );
};

/** The staff's queue of the complaints book: read, answer once, print. Nothing deletes a sheet. */
export const adminComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/complaints',
    {
      schema: {
        tags: ['complaints'],
        description:
          'The complaints book, the open sheets by due date first; `status` open, answered or overdue. X-Total-Count gives the total.',
        querystring: adminComplaintsQuery,
        response: { 200: adminComplaintList, 400: errorBody },
      },
    },
    async (request, reply) => sendPage(reply, await listComplaints(app.db, request.query)),
  );

  app.get(
    '/admin/complaints/:id',
    {
      schema: {
        tags: ['complaints'],
        params: adminComplaintParams,
        response: { 200: adminComplaintDetail, 404: errorBody },
      },
    },
    async (request) => complaintDetail(app.db, request.params.id),
  );

  app.post(
    '/admin/complaints/:id/answer',
    {
      schema: {
        tags: ['complaints'],
        description:
          'Answers a sheet, once (409 after); the answer is audited and e-mailed to the consumer.',
        params: adminComplaintParams,
        body: complaintAnswerRequest,
        response: { 200: adminComplaintDetail, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) =>
      answerComplaint(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        bookOwner(app),
      ),
  );

  app.get(
    '/admin/complaints/:id/pdf',
    {
      schema: {
        tags: ['complaints'],
        description: 'The sheet as a PDF (application/pdf), with its answer once given.',
        params: adminComplaintParams,
        querystring: z.object({ language: z.optional(z.enum(['en', 'es'])) }),
        response: { 404: errorBody },
      },
    },
    async (request, reply) => {
      const row = await loadComplaint(app.db, request.params.id);
      if (!row) throw new AppError('NOT_FOUND', 'complaintNotFound');
      return sendAttachment(reply, {
        type: 'application/pdf',
        fileName: complaintPdfName(row),
        body: Buffer.from(
          await complaintPdf(row, bookOwner(app), request.query.language ?? languageOf(request)),
        ),
      });
    },
  );
};
