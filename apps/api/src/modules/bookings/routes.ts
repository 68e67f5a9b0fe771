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
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { languageOf } from '../../lib/language.ts';
import { userPageGet } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { availabilityKey } from '../departures/routes.ts';
import { loadTourPricing } from './catalogue.ts';
import { getBookingDetail } from './detail.ts';
import { BookingDetailCache } from './detail-cache.ts';
import { listBookings } from './list.ts';
import { setPickupForCustomer } from './pickup.ts';
import { saveBooking } from './save.ts';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const details = new BookingDetailCache(app.db, app.log);
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

  userPageGet(app, {
    url: '/tour/booking/list',
    schema: { tags: ['bookings'], querystring: pageQuery, response: { 200: bookingList } },
    user: currentUser,
    read: listBookings,
  });

  app.get(
    '/tour/booking/:code',
    {
      schema: {
        tags: ['bookings'],
        params: bookingCodeParams,
        response: { 200: bookingDetail },
      },
    },
    async (request) =>
      getBookingDetail(
        app.db,
        currentUser(request),
        request.params.code,
        languageOf(request),
        app.gateway,
        details,
        app.voucherKeys,
      ),
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
