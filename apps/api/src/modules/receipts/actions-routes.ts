import {
  bookingCodeParams,
  errorBody,
  exchangeRateEntry,
  exchangeRatesAnswer,
  invoiceDetailsRequest,
  issueTaxedRequest,
  receiptActionAnswer,
  receiptParams,
  voidReceiptRequest,
  waitingParams,
  waitingReceiptsAnswer,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { currentUser } from '../../plugins/auth.ts';
import { issueTaxed, listRates, setInvoiceDetails, setRate, waitingReceipts } from './actions.ts';
import { voidReceipt } from './voiding.ts';

const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** The owner's factura details (issue 30): signed in; another's booking is a 404. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/tour/booking/:code/invoice',
    {
      schema: {
        tags: ['receipts'],
        description:
          'Sets the factura details (RUC, legal name, fiscal address) of a booking, or null for boletas.',
        params: bookingCodeParams,
        body: invoiceDetailsRequest,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await setInvoiceDetails(
        app.db,
        currentUser(request),
        request.params.code,
        request.body.invoice,
      );
      return reply.code(204).send(null);
    },
  );
};

/** Staff (agents and administrators): what waits, issuing at 18 %, voiding, reading rates. */
export const adminReceiptActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/receipts/waiting',
    {
      schema: {
        tags: ['receipts'],
        description: 'Ledger entries whose receipts wait (a passport, an exchange rate), and why.',
        response: { 200: waitingReceiptsAnswer },
      },
    },
    () => waitingReceipts(app.db),
  );
  app.post(
    '/admin/receipts/waiting/:ledgerEntryId/taxed',
    {
      schema: {
        tags: ['receipts'],
        description: 'Issues a waiting receipt now at 18 % IGV (every traveller taxed), audited.',
        params: waitingParams,
        body: issueTaxedRequest,
        response: { 200: receiptActionAnswer, ...refusals },
      },
    },
    (request) =>
      issueTaxed(app.db, currentUser(request), request.params.ledgerEntryId, request.body.reason),
  );
  app.post(
    '/admin/receipts/:id/void',
    {
      schema: {
        tags: ['receipts'],
        description:
          'Voids a receipt (RA for facturas, RC for boletas, within 7 days) and issues it again to the corrected customer unless reissue is false; a rejected one is issued again.',
        params: receiptParams,
        body: voidReceiptRequest,
        response: { 200: receiptActionAnswer, ...refusals },
      },
    },
    (request) => voidReceipt(app.db, currentUser(request), request.params.id, request.body),
  );
  app.get(
    '/admin/exchange-rates',
    {
      schema: {
        tags: ['receipts'],
        description: 'The exchange rates entered (soles per unit), newest day first.',
        response: { 200: exchangeRatesAnswer },
      },
    },
    () => listRates(app.db),
  );
};

/** Administrators only: entering a day's exchange rate. */
export const adminExchangeRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/exchange-rates',
    {
      schema: {
        tags: ['receipts'],
        description: 'Enters the exchange rate of a day (administrators), audited.',
        body: exchangeRateEntry,
        response: { 200: exchangeRatesAnswer, ...refusals },
      },
    },
    (request) => setRate(app.db, currentUser(request), request.body),
  );
};
