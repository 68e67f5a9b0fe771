import {
  bookingCodeParams,
  bookingDetail,
  bookingList,
  bookingRequest,
  bookingSaveResponse,
  errorBody,
  pageQuery,
  pickupAnswer,
  pickupRequest,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeFeedOf } from '../../db/client.ts';
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { languageOf } from '../../lib/language.ts';
import { currentUser } from '../../plugins/auth.ts';
import { normalizeCode, type Reader } from '../access/bookings.ts';
import { availabilityKey } from '../departures/routes.ts';
import { BookingAnswerCache } from './answer-cache.ts';
import { loadTourPricing } from './catalogue.ts';
import { readBookingDetail } from './detail.ts';
import { BookingDetailCache } from './detail-cache.ts';
import { listBookings } from './list.ts';
import { setPickupForCustomer } from './pickup.ts';
import { saveBooking } from './save.ts';

/** A reader in an answer's key: their user and company. */
const readerKey = (reader: Reader) => `${reader.userId}|${reader.corporateClientId ?? ''}`;

/** The change-feed keys of what a reader's list shows: their bookings, and their company's. */
const readerKeys = (reader: Reader) => [
  `u:${reader.userId}`,
  ...(reader.corporateClientId ? [`c:${reader.corporateClientId}`] : []),
];

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const feed = changeFeedOf(app.db);
  const details = new BookingDetailCache(app.db, app.log, {}, feed);
  const answers = new BookingAnswerCache(app.db, app.log, feed);
  app.post(
    '/tour/save',
    {
      preHandler: app.rateLimited('booking'),
      schema: {
        tags: ['bookings'],
        headers: idempotencyHeaders,
        body: bookingRequest,
        response: { 200: bookingSaveResponse, 201: bookingSaveResponse, 409: errorBody },
      },
    },
    async (request, reply) => {
      const pricing = await app.catalogue.value(`pricing:${request.body.tourId}`, () =>
        loadTourPricing(app.db, request.body.tourId),
      );
      const answer = await saveBooking(app.db, {
        user: currentUser(request),
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        language: languageOf(request),
        payments: { gateway: app.gateway, ttlMinutes: app.config.payments.attemptTtlMinutes },
        pricing,
      });
      // The seats this node shows for the tour are read again at once.
      if (pricing) app.seats.forget(availabilityKey(pricing.tour.code));
      return sendStored(reply, answer);
    },
  );

  app.get(
    '/tour/booking/list',
    { schema: { tags: ['bookings'], querystring: pageQuery, response: { 200: bookingList } } },
    async (request, reply) => {
      const user = currentUser(request);
      const language = languageOf(request);
      const { page, pageSize } = request.query;
      return answers.send(
        request,
        reply,
        `list|${readerKey(user)}|${page}|${pageSize}|${language}`,
        async () => {
          const found = await listBookings(app.db, user, language, request.query);
          return {
            value: found.items,
            headers: { 'x-total-count': String(found.total) },
            keep: { keys: readerKeys(user), until: found.statusChangesAt },
          };
        },
      );
    },
  );

  app.get(
    '/tour/booking/:code',
    {
      schema: {
        tags: ['bookings'],
        params: bookingCodeParams,
        response: { 200: bookingDetail },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = languageOf(request);
      const code = normalizeCode(request.params.code);
      return answers.send(request, reply, `detail|${readerKey(user)}|${language}|${code}`, () =>
        readBookingDetail(app.db, user, code, language, app.gateway, details, app.voucherKeys),
      );
    },
  );

  app.put(
    '/tour/booking/:code/pickup',
    {
      schema: {
        tags: ['bookings'],
        description:
          "Where the guide picks the travellers up (their hotel in Cusco); null or '' clears it.",
        params: bookingCodeParams,
        body: pickupRequest,
        response: { 200: pickupAnswer, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) =>
      setPickupForCustomer(app.db, currentUser(request), request.params.code, request.body),
  );
};
