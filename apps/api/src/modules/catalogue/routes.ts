import {
  type AdminTourEditor,
  adminTourEditor,
  adminTourList,
  adminTourParams,
  adminTourQuery,
  errorBody,
  tourActiveRequest,
  tourHotelsRequest,
  tourInclusionsRequest,
  tourItineraryRequest,
  tourPoliciesRequest,
  tourPricesRequest,
  tourPurchaseItemsRequest,
  tourRelatedRequest,
  tourRulesRequest,
  tourServicesRequest,
  tourTextsRequest,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { languageOf } from '../../lib/language.ts';
import { sendPage } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listEditableTours, loadEditableTour } from './editor-read.ts';
import {
  type EditCall,
  saveTourActive,
  saveTourHotels,
  saveTourInclusions,
  saveTourItinerary,
  saveTourPolicies,
  saveTourPrices,
  saveTourPurchaseItems,
  saveTourRelated,
  saveTourRules,
  saveTourServices,
  saveTourTexts,
} from './editor-write.ts';

/** A section of the editor: its path, what it takes, what it does and its domain function. */
interface Section<S extends z.core.$ZodType> {
  path: string;
  body: S;
  description: string;
  save: (db: Database, call: EditCall, input: z.output<S>) => Promise<AdminTourEditor>;
}

const section = <S extends z.core.$ZodType>(value: Section<S>) => value;

const sections = [
  section({
    path: 'texts',
    body: tourTextsRequest,
    description: "Sets the tour's name in English and Spanish.",
    save: saveTourTexts,
  }),
  section({
    path: 'itinerary',
    body: tourItineraryRequest,
    description: "Sets the tour's itinerary: each event on a day of the tour, in order.",
    save: saveTourItinerary,
  }),
  section({
    path: 'inclusions',
    body: tourInclusionsRequest,
    description: 'Sets the services the price includes and those it does not.',
    save: saveTourInclusions,
  }),
  section({
    path: 'prices',
    body: tourPricesRequest,
    description:
      'Sets the price tiers of every type, category and customer type (each series from a group of 1).',
    save: saveTourPrices,
  }),
  section({
    path: 'hotels',
    body: tourHotelsRequest,
    description: 'Sets the hotel nights per room and the price per room and night.',
    save: saveTourHotels,
  }),
  section({
    path: 'services',
    body: tourServicesRequest,
    description:
      'Sets the additional services offered and their prices; a booked offer left out is withdrawn.',
    save: saveTourServices,
  }),
  section({
    path: 'related',
    body: tourRelatedRequest,
    description: 'Sets the related tours, by code, in order.',
    save: saveTourRelated,
  }),
  section({
    path: 'rules',
    body: tourRulesRequest,
    description:
      'Sets when the tour runs (lead time, closed months, days of the week) and how many it takes (seats and private groups on dates not scheduled, staff per traveller, passengers per booking).',
    save: saveTourRules,
  }),
  section({
    path: 'policies',
    body: tourPoliciesRequest,
    description:
      'Sets the change policies for public and for corporate bookings (issue 27): the share kept by days before travel, the deposit, the tickets bought per traveller, the fees of a date or name change, the last day for changes; money in dollars.',
    save: saveTourPolicies,
  }),
  section({
    path: 'purchase-items',
    body: tourPurchaseItemsRequest,
    description:
      'Sets what is bought per person for each departure (issue 29): the kind (permit, entry, train, bus), its details, the days before travel it is bought by, and the crew roles that need it; an item with purchases keeps its kind and cannot be removed.',
    save: saveTourPurchaseItems,
  }),
  section({
    path: 'active',
    body: tourActiveRequest,
    description: 'Offers the tour, or takes it out of the catalogue (its bookings keep working).',
    save: saveTourActive,
  }),
];

/**
 * The catalogue editor (issue 14), inside the staff scope: any staff member reads it, only an
 * administrator saves (403 for agents: `adminCatalogueSaveRoutes`). Every save names the tour's revision it was made from
 * (409 when another save came first) and answers the tour as it now is. The node that saved drops
 * its cached catalogue answers at once; the others within a second (the catalogue's version).
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/tours',
    { schema: { querystring: adminTourQuery, response: { 200: adminTourList } } },
    async (request, reply) =>
      sendPage(reply, await listEditableTours(app.db, request.query, languageOf(request))),
  );

  app.get(
    '/admin/tours/:code',
    { schema: { params: adminTourParams, response: { 200: adminTourEditor, 404: errorBody } } },
    async (request) => loadEditableTour(app.db, request.params.code, languageOf(request)),
  );
};

/**
 * The editor's saves, in the administrators' scope: an agent is refused whatever the body holds,
 * before it is validated.
 */
export const adminCatalogueSaveRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, body, description, save } of sections) {
    app.put(
      `/admin/tours/:code/${path}`,
      {
        schema: {
          description: `${description} Administrators only; names the revision it was made from.`,
          params: adminTourParams,
          body,
          response: {
            200: adminTourEditor,
            403: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => {
        const call = {
          staff: currentUser(request),
          code: request.params.code,
          language: languageOf(request),
        };
        const answer = await save(app.db, call, request.body as never);
        // This node serves the change at once; the others when they read the version.
        app.catalogueChanged();
        return answer;
      },
    );
  }
};
