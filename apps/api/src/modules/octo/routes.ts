import {
  OCTO_MAX_RANGE_DAYS,
  octoAvailabilityRequest,
  octoBookingsQuery,
  octoCalendarRequest,
  octoCancellationRequest,
  octoConfirmationRequest,
  octoExtendRequest,
  octoProductParams,
  octoReservationRequest,
  octoUpdateRequest,
  octoUuidParams,
  todayInLima,
} from '@cusco/shared';
import dayjs from 'dayjs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { availabilityKey } from '../departures/routes.ts';
import * as octoBookings from './bookings.ts';
import {
  availabilityAnswers,
  calendarAnswers,
  loadOctoTour,
  type OctoView,
  octoDays,
  octoTourCodes,
  optionOf,
  productOf,
  tourOf,
} from './catalogue.ts';
import { badRequest, registerOctoErrors } from './errors.ts';
import { availabilityDate } from './hold.ts';
import { resellerOf } from './reseller.ts';
import type { Booking, Supplier } from './types.ts';

/**
 * The OCTO supplier API (issue 31, docs/octo.md, ADR 0050) under /octo: resellers' systems book
 * the agency's departures live, with a key of their company, on the same seats and permits as the
 * site. Answers are OCTO's shapes, with the capabilities the request names (octo/pricing,
 * octo/content); errors are OCTO's.
 */

/** The capabilities this supplier has. */
export const OCTO_CAPABILITIES = ['octo/pricing', 'octo/content'] as const;

/** The capabilities a request named (of ours), from its Octo-Capabilities header. */
export function capabilitiesOf(header: string | string[] | undefined): string[] {
  const named = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim().toLowerCase());
  return OCTO_CAPABILITIES.filter((capability) => named.includes(capability));
}

/** The content's language: Spanish when the reseller asks for it first, else English. */
export function contentLanguage(header: string | undefined): 'en' | 'es' {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('es') ? 'es' : 'en';
}

function viewOf(request: FastifyRequest): OctoView {
  const capabilities = capabilitiesOf(request.headers['octo-capabilities']);
  return {
    pricing: capabilities.includes('octo/pricing'),
    content: capabilities.includes('octo/content'),
    language: contentLanguage(request.headers['accept-language']),
    netDiscountBps: request.reseller?.netDiscountBps ?? 0,
  };
}

/** The days of a range, refused (BAD_REQUEST) when reversed or longer than the most one answer covers. */
function rangeOf(from: string, to: string) {
  if (to < from) throw badRequest('localDateEnd is before localDateStart');
  if (dayjs(to).diff(dayjs(from), 'day') >= OCTO_MAX_RANGE_DAYS) {
    throw badRequest(`A range covers ${OCTO_MAX_RANGE_DAYS} days at most`);
  }
  return { from, to };
}

/** How the OpenAPI document lists a /octo route: OCTO's, behind a reseller's key. */
const doc = { tags: ['octo'], security: [{ bearer: [] }] };

export const octoRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOctoErrors(app as unknown as FastifyInstance);
  app.decorateRequest('reseller', null);
  // Each key its own rate (429 with Retry-After), counted where the other limits are.
  const perKey = app.createRateLimit({
    max: (request) => request.reseller?.ratePerMinute ?? 60,
    timeWindow: 60_000,
    keyGenerator: (request) => `octo:key:${request.reseller?.keyId ?? request.ip}`,
  });
  const limitRate = async (request: FastifyRequest) => {
    if (!app.config.rateLimits.enabled) return;
    const limit = await perKey(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new AppError('TOO_MANY_REQUESTS', 'tooManyRequests', {
        headers: { 'retry-after': String(Math.max(1, limit.ttlInSeconds)) },
      });
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    try {
      request.reseller = await resellerOf(app.db, request.headers.authorization);
    } catch (error) {
      // A missing or wrong key counts against its address's rate (the key generator's fallback):
      // guessing keys, or flooding the database with look-ups, is limited too (octo-attack.test).
      await limitRate(request);
      throw error;
    }
    await limitRate(request);
    const view = viewOf(request);
    reply.header(
      'octo-capabilities',
      capabilitiesOf(request.headers['octo-capabilities']).join(', '),
    );
    if (view.content) {
      reply.header('content-language', view.language);
      reply.header('available-languages', 'en, es');
    }
    reply.header('cache-control', 'no-store');
  });

  // The tours as OCTO reads them, through the catalogue cache (dropped when staff edit a tour).
  const load = (code: string) =>
    app.catalogue.value(`octo:tour:${code}`, () => loadOctoTour(app.db, code));
  const caller = (request: FastifyRequest): octoBookings.OctoCaller => {
    if (!request.reseller) throw new Error('an OCTO request without its reseller');
    return {
      db: app.db,
      reseller: request.reseller,
      view: viewOf(request),
      load,
      gateway: app.gateway,
      attemptTtlMinutes: app.config.payments.attemptTtlMinutes,
      testMode: app.gateway.name === 'sandbox',
    };
  };

  app.get('/supplier', { schema: doc }, async (request): Promise<Supplier> => {
    const agency = app.config.receipts.agency;
    const view = viewOf(request);
    const supplier: Supplier = {
      id: agency.ruc,
      name: agency.tradeName,
      endpoint: `${app.config.mail.publicUrl}/octo`,
      contact: {
        website: app.config.mail.publicUrl,
        email: app.config.mail.operationsEmail ?? null,
        telephone: null,
        address: agency.address || null,
      },
    };
    if (view.content) {
      supplier.shortDescription =
        view.language === 'es'
          ? 'Camino Inca, caminatas alternativas, paquetes y tours a Machu Picchu desde Cusco.'
          : 'Inca Trail, alternative treks, packages and Machu Picchu tours from Cusco.';
    }
    return supplier;
  });

  app.get('/products', { schema: doc }, async (request) => {
    const view = viewOf(request);
    const products = [];
    for (const code of await octoTourCodes(app.db)) {
      const tour = await load(code);
      if (tour) products.push(productOf(tour, view));
    }
    return products;
  });

  app.get('/products/:id', { schema: { ...doc, params: octoProductParams } }, async (request) =>
    productOf(await tourOf(load, request.params.id), viewOf(request)),
  );

  app.post(
    '/availability/calendar',
    { schema: { ...doc, body: octoCalendarRequest } },
    async (request) => {
      const { body } = request;
      const tour = await tourOf(load, body.productId);
      const option = optionOf(tour, body.optionId);
      const days = await octoDays(
        app.db,
        tour,
        option,
        rangeOf(body.localDateStart, body.localDateEnd),
        todayInLima(),
      );
      return calendarAnswers(tour, option, days, body.units, viewOf(request));
    },
  );

  app.post(
    '/availability',
    { schema: { ...doc, body: octoAvailabilityRequest } },
    async (request) => {
      const { body } = request;
      const tour = await tourOf(load, body.productId);
      const option = optionOf(tour, body.optionId);
      const byDates = body.localDate ?? body.localDateStart ?? body.localDateEnd;
      if (byDates && body.availabilityIds) {
        throw badRequest('Send either localDate, localDateStart/localDateEnd or availabilityIds');
      }
      let dates: string[];
      if (body.availabilityIds) {
        dates = body.availabilityIds.map((id) => availabilityDate(id));
      } else if (body.localDate) {
        dates = [body.localDate];
      } else if (body.localDateStart && body.localDateEnd) {
        const range = rangeOf(body.localDateStart, body.localDateEnd);
        dates = [range.from, range.to];
      } else {
        throw badRequest('localDate, localDateStart/localDateEnd or availabilityIds is required');
      }
      const sorted = [...dates].sort();
      const from = sorted[0] as string;
      const to = sorted[sorted.length - 1] as string;
      const days = await octoDays(app.db, tour, option, rangeOf(from, to), todayInLima());
      const wanted = body.availabilityIds ? new Set(dates) : null;
      // Only departures: a day that does not run is not one (the calendar shows it CLOSED).
      const departures = days.filter(
        (day) => (wanted ? wanted.has(day.date) : true) && day.status !== 'CLOSED',
      );
      return availabilityAnswers(tour, option, departures, body.units, viewOf(request));
    },
  );

  // A write took or gave back seats: this node's seat answers of the tour go (the site's calendar
  // sees it at once; other nodes within their seats' short age, as for the site's own bookings).
  const seatsMoved = (booking: Booking, also?: string) => {
    app.seats.forget(availabilityKey(booking.productId));
    if (also && also !== booking.productId) app.seats.forget(availabilityKey(also));
    return booking;
  };
  app.post('/bookings', { schema: { ...doc, body: octoReservationRequest } }, async (request) =>
    seatsMoved(await octoBookings.reserve(caller(request), request.body)),
  );
  app.post(
    '/bookings/:uuid/confirm',
    { schema: { ...doc, params: octoUuidParams, body: octoConfirmationRequest } },
    async (request) =>
      seatsMoved(await octoBookings.confirm(caller(request), request.params.uuid, request.body)),
  );
  app.post(
    '/bookings/:uuid/extend',
    { schema: { ...doc, params: octoUuidParams, body: octoExtendRequest } },
    async (request) => octoBookings.extend(caller(request), request.params.uuid, request.body),
  );
  app.patch(
    '/bookings/:uuid',
    { schema: { ...doc, params: octoUuidParams, body: octoUpdateRequest } },
    async (request) => {
      const before = await octoBookings.getOne(caller(request), request.params.uuid);
      const after = await octoBookings.update(caller(request), request.params.uuid, request.body);
      return seatsMoved(after, before.productId);
    },
  );
  app.post(
    '/bookings/:uuid/cancel',
    { schema: { ...doc, params: octoUuidParams, body: octoCancellationRequest } },
    async (request) =>
      seatsMoved(await octoBookings.cancel(caller(request), request.params.uuid, request.body)),
  );
  app.get('/bookings/:uuid', { schema: { ...doc, params: octoUuidParams } }, async (request) =>
    octoBookings.getOne(caller(request), request.params.uuid),
  );
  app.get('/bookings', { schema: { ...doc, querystring: octoBookingsQuery } }, async (request) =>
    octoBookings.list(caller(request), request.query),
  );
};
