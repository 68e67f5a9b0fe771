import {
  bookingCodeParams,
  bookingSaveResponse,
  clientRecord,
  deskBookingRequest,
  deskCustomer,
  deskCustomerList,
  deskCustomerQuery,
  deskCustomerRequest,
  errorBody,
  passengerPayload,
  passengerSaveResponse,
  payLinkAnswer,
  pickupAnswer,
  pickupRequest,
  uuid,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { idempotencyHeaders, sendStored } from '../../lib/idempotency.ts';
import { languageOf } from '../../lib/language.ts';
import { searchPageGet } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { loadTourPricing } from '../bookings/catalogue.ts';
import { setPickupForStaff } from '../bookings/pickup.ts';
import { availabilityKey } from '../departures/routes.ts';
import { bookForCustomer, sendPayLink } from './book.ts';
import { createDeskCustomer, searchCustomers } from './customers.ts';
import {
  createPassengerForStaff,
  readPassengerForStaff,
  updatePassengerForStaff,
} from './passengers.ts';

const refusals = { 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * The agency's desk (issue 28), in the staff scope (404 for a customer): find or add a customer,
 * book for them, send them the pay link, and save their passengers' data.
 */
export const adminDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  searchPageGet(app, {
    url: '/admin/customers',
    querystring: deskCustomerQuery,
    list: deskCustomerList,
    read: searchCustomers,
  });

  app.post(
    '/admin/customers',
    {
      schema: {
        description: "A walk-in or phone customer's guest account (no password); audited.",
        body: deskCustomerRequest,
        response: { 201: deskCustomer, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDeskCustomer(app.db, currentUser(request), request.body)),
  );

  app.post(
    '/admin/bookings',
    {
      schema: {
        description:
          "A booking for a customer, saved as the customer's own (the same prices and seats); audited.",
        headers: idempotencyHeaders,
        body: deskBookingRequest,
        response: { 201: bookingSaveResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const tourId = request.body.booking.tourId;
      const pricing = await app.catalogue.value(`pricing:${tourId}`, () =>
        loadTourPricing(app.db, tourId),
      );
      const answer = await bookForCustomer(app.db, {
        staff: currentUser(request),
        body: request.body,
        key: request.headers['idempotency-key'],
        language: languageOf(request),
        payments: { gateway: app.gateway, ttlMinutes: app.config.payments.attemptTtlMinutes },
        pricing,
      });
      if (pricing) app.seats.forget(availabilityKey(pricing.tour.code));
      return sendStored(reply, answer);
    },
  );

  app.post(
    '/admin/bookings/:code/pay-link',
    {
      schema: {
        description: 'E-mails the customer the booking with what is owed and its pay link.',
        params: bookingCodeParams,
        headers: idempotencyHeaders,
        response: { 201: payLinkAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await sendPayLink(app.db, {
          staff: currentUser(request),
          code: request.params.code,
          key: request.headers['idempotency-key'],
        }),
      ),
  );

  app.get(
    '/admin/bookings/:code/passengers/:id',
    {
      schema: {
        params: z.extend(bookingCodeParams, { id: uuid }),
        response: { 200: clientRecord, ...refusals },
      },
    },
    async (request) => readPassengerForStaff(app.db, request.params.code, request.params.id),
  );

  app.post(
    '/admin/slots/:slotId/client',
    {
      schema: {
        description: "Fills a booking's empty passenger slot, as the customer's own save; audited.",
        params: z.object({ slotId: uuid }),
        body: passengerPayload,
        response: { 201: passengerSaveResponse, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createPassengerForStaff(
            app.db,
            currentUser(request),
            request.params.slotId,
            request.body,
          ),
        ),
  );

  app.put(
    '/admin/clients/:id',
    {
      schema: {
        description: "Updates a booking's passenger, as the customer's own save; audited.",
        params: z.object({ id: uuid }),
        body: passengerPayload,
        response: { 200: passengerSaveResponse, ...refusals },
      },
    },
    async (request) =>
      updatePassengerForStaff(app.db, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/admin/bookings/:code/pickup',
    {
      schema: {
        description:
          "Sets or clears where the guide picks the booking's travellers up (their hotel); audited.",
        params: bookingCodeParams,
        body: pickupRequest,
        response: { 200: pickupAnswer, ...refusals },
      },
    },
    async (request) =>
      setPickupForStaff(app.db, currentUser(request), request.params.code, request.body),
  );
};
