import {
  cancelPurchaseAnswer,
  cancelPurchaseRequest,
  departureParams,
  departurePurchases,
  errorBody,
  markPurchasesRequest,
  purchaseBoard,
  purchaseBoardQuery,
  purchaseCsvQuery,
  purchaseIdParams,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendAttachment } from '../../lib/attachment.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { purchaseBoard as readBoard } from './board.ts';
import { purchasesCsv } from './csv.ts';
import { getDeparturePurchases } from './departure.ts';
import { cancelPurchase, markPurchases } from './mark.ts';

const refusals = { 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * What is bought per person (issue 29), in the staff scope (agents and administrators; a
 * customer's token is a 404): the to-buy board, a departure's purchases and their CSVs, marking
 * purchases bought and cancelling them.
 */
export const adminPurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/purchases',
    {
      schema: {
        description:
          'The to-buy board: by buy-by date (today to 120 days ahead unless asked), each departure and item with its counts by state and the people still to buy; overdue items stay until the departure leaves.',
        querystring: purchaseBoardQuery,
        response: { 200: purchaseBoard, 400: errorBody },
      },
    },
    async (request) => readBoard(app.db, request.query, languageOf(request)),
  );

  app.get(
    '/admin/departures/:tourCode/:date/purchases',
    {
      schema: {
        description: 'Every person of the departure × each item they need, with its state.',
        params: departureParams,
        response: { 200: departurePurchases, 404: errorBody },
      },
    },
    async (request) =>
      getDeparturePurchases(
        app.db,
        request.params.tourCode,
        request.params.date,
        languageOf(request),
      ),
  );

  app.post(
    '/admin/departures/:tourCode/:date/purchases',
    {
      schema: {
        description:
          "Records an item bought, with the government's reference, for people of the departure: all of them or none; audited. Their names, nationality, birth date and document are locked from then on.",
        params: departureParams,
        body: markPurchasesRequest,
        response: { 201: departurePurchases, ...refusals },
      },
    },
    async (request, reply) => {
      const { tourCode, date } = request.params;
      const language = languageOf(request);
      await markPurchases(app.db, {
        staff: currentUser(request),
        tourCode,
        date,
        body: request.body,
        language,
      });
      return reply.status(201).send(await getDeparturePurchases(app.db, tourCode, date, language));
    },
  );

  app.get(
    '/admin/departures/:tourCode/:date/purchases.csv',
    {
      schema: {
        description:
          "The departure's people who need the tour's items of a kind, in the column order of the government's forms (UTF-8 CSV).",
        params: departureParams,
        querystring: purchaseCsvQuery,
        response: { 200: z.string(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { tourCode, date } = request.params;
      const { kind } = request.query;
      const file = await purchasesCsv(app.db, tourCode, date, kind, languageOf(request));
      return sendAttachment(reply, {
        type: 'text/csv; charset=utf-8',
        fileName: `${kind}-${file.tourCode}-${date}.csv`,
        body: file.csv,
      });
    },
  );

  app.post(
    '/admin/purchases/:id/cancel',
    {
      schema: {
        description:
          "Cancels a purchase (it stays recorded), with the reason; audited. The person's lock lifts when nothing else is bought for them.",
        params: purchaseIdParams,
        body: cancelPurchaseRequest,
        response: { 200: cancelPurchaseAnswer, ...refusals },
      },
    },
    async (request) =>
      cancelPurchase(app.db, currentUser(request), request.params.id, request.body.reason),
  );
};
