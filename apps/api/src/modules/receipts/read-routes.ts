import {
  adminReceiptItem,
  adminReceiptsAnswer,
  adminReceiptsQuery,
  bookingReceiptParams,
  bookingReceiptsAnswer,
  errorBody,
  receiptParams,
  receiptsExportQuery,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendAttachment } from '../../lib/attachment.ts';
import { languageOf } from '../../lib/language.ts';
import { sendPage } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { salesRegisterCsv } from './export.ts';
import {
  adminReceipt,
  adminReceipts,
  bookingReceipts,
  ownerReceipt,
  receiptPdfFile,
  receiptXml,
  toAdminItem,
} from './read.ts';
import { sendReceiptAgain } from './send.ts';

const bookingParams = z.object({ code: z.string() });
const file = { 200: z.any(), 400: errorBody, 404: errorBody };

/**
 * A booking's receipts for its owner (issue 30): the list, and each one's XML and PDF. Another
 * customer's booking, or a receipt of another booking, is a 404.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tour/booking/:code/receipts',
    {
      schema: {
        description:
          "The booking's boletas, facturas and credit notes (oldest first), what waits to be issued and why, and the factura's customer.",
        params: bookingParams,
        response: { 200: bookingReceiptsAnswer, 404: errorBody },
      },
    },
    async (request) => bookingReceipts(app.db, currentUser(request), request.params.code),
  );

  const owned = (code: string, id: string, reader: ReturnType<typeof currentUser>) =>
    ownerReceipt(app.db, reader, code, id);

  app.get(
    '/tour/booking/:code/receipts/:id/xml',
    {
      schema: {
        description: "A receipt's signed UBL 2.1 XML, as issued.",
        params: bookingReceiptParams,
        response: file,
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      const view = await owned(code, id, currentUser(request));
      return sendAttachment(reply, receiptXml(app.config.receipts, view));
    },
  );

  app.get(
    '/tour/booking/:code/receipts/:id/pdf',
    {
      schema: {
        description: "A receipt's printed representation (PDF), in the request's language.",
        params: bookingReceiptParams,
        response: file,
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      const view = await owned(code, id, currentUser(request));
      return sendAttachment(
        reply,
        await receiptPdfFile(app.config.receipts, view, languageOf(request)),
      );
    },
  );
};

/**
 * Every receipt for staff (agents and administrators; a customer's token is a 404): the list
 * with the issuer's answers, each one's XML and PDF, the month's sales register, and sending a
 * receipt again now (audited).
 */
export const adminReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/receipts',
    {
      schema: {
        description:
          'Receipts and credit notes, newest first, filtered by issue date, type, status, or a booking code, receipt code or customer document (q); a page at a time, the total in X-Total-Count.',
        querystring: adminReceiptsQuery,
        response: { 200: adminReceiptsAnswer, 400: errorBody },
      },
    },
    async (request, reply) => sendPage(reply, await adminReceipts(app.db, request.query)),
  );

  app.get(
    '/admin/receipts/export.csv',
    {
      schema: {
        description:
          "The month's sales register (Registro de Ventas e Ingresos) as CSV: one row per document issued that month; voided ones with zero amounts.",
        querystring: receiptsExportQuery,
        response: { 200: z.string(), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { month } = request.query;
      return sendAttachment(reply, {
        type: 'text/csv; charset=utf-8',
        fileName: `registro-de-ventas-${month}.csv`,
        body: await salesRegisterCsv(app.db, month, languageOf(request)),
      });
    },
  );

  app.get(
    '/admin/receipts/:id/xml',
    {
      schema: {
        description: "A receipt's signed UBL 2.1 XML, as issued.",
        params: receiptParams,
        response: file,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        receiptXml(app.config.receipts, await adminReceipt(app.db, request.params.id)),
      ),
  );

  app.get(
    '/admin/receipts/:id/pdf',
    {
      schema: {
        description: "A receipt's printed representation (PDF), in the request's language.",
        params: receiptParams,
        response: file,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await receiptPdfFile(
          app.config.receipts,
          await adminReceipt(app.db, request.params.id),
          languageOf(request),
        ),
      ),
  );

  app.post(
    '/admin/receipts/:id/send',
    {
      schema: {
        description:
          "Sends a receipt not yet answered to the issuer now (one given up after its tries, or waiting for its next one), audited; answers it with the issuer's word. 409 when it has its answer already.",
        params: receiptParams,
        response: { 200: adminReceiptItem, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      await sendReceiptAgain(app.receiptSender, id, currentUser(request).userId);
      return toAdminItem(await adminReceipt(app.db, id));
    },
  );
};
