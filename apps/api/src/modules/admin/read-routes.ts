import {
  type AdminManifest,
  adminAuditList,
  adminAuditQuery,
  adminBookingDetail,
  adminBookingList,
  adminBookingQuery,
  adminDashboard,
  adminDepartureList,
  adminDepartureQuery,
  adminManifest,
  bookingCodeParams,
  departureParams,
  errorBody,
  type Language,
} from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { sendAttachment } from '../../lib/attachment.ts';
import { languageOf } from '../../lib/language.ts';
import { searchPageGet } from '../../lib/pagination.ts';
import { listAudit } from '../audit/read.ts';
import { getStaffBookingDetail } from './booking-detail.ts';
import { searchBookings } from './bookings.ts';
import { getDashboard } from './dashboard.ts';
import { getManifest, listDepartures } from './departures.ts';
import { manifestCsv } from './manifest-export.ts';
import { manifestPdf } from './manifest-pdf.ts';

/** The back office's reads (issue 13), inside the staff scope: any staff role may call them. */
export const adminReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/dashboard', { schema: { response: { 200: adminDashboard } } }, async (request) =>
    getDashboard(app.db, languageOf(request)),
  );

  searchPageGet(app, {
    url: '/admin/bookings',
    querystring: adminBookingQuery,
    list: adminBookingList,
    read: searchBookings,
  });

  app.get(
    '/admin/bookings/:code',
    {
      schema: {
        params: bookingCodeParams,
        response: { 200: adminBookingDetail, 404: errorBody },
      },
    },
    async (request) =>
      getStaffBookingDetail(
        app.db,
        request.params.code,
        languageOf(request),
        app.gateway,
        app.voucherKeys,
      ),
  );

  searchPageGet(app, {
    url: '/admin/audit',
    querystring: adminAuditQuery,
    list: adminAuditList,
    read: listAudit,
  });

  departureReadRoutes(app);
};

/** The manifest's files: their extension (in the URL and the file's name), type and body. */
const manifestFiles = [
  {
    extension: 'csv',
    type: 'text/csv; charset=utf-8',
    schema: {
      description: 'The manifest as CSV (UTF-8), in the order of the screen.',
      response: { 200: z.string(), 404: errorBody },
    },
    body: async (manifest: AdminManifest, language: Language) => manifestCsv(manifest, language),
  },
  {
    extension: 'pdf',
    type: 'application/pdf',
    schema: {
      description:
        'The manifest as a printable A4 PDF for the trail checkpoint (application/pdf); 404 as the manifest.',
    },
    body: async (manifest: AdminManifest, language: Language) =>
      Buffer.from(await manifestPdf(manifest, language)),
  },
];

/** The departures and their manifest, on screen, as CSV and as PDF. */
function departureReadRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.get(
    '/admin/departures',
    {
      schema: {
        querystring: adminDepartureQuery,
        response: { 200: adminDepartureList, 400: errorBody },
      },
    },
    async (request) => listDepartures(app.db, request.query, languageOf(request)),
  );

  app.get(
    '/admin/departures/:tourCode/:date/manifest',
    { schema: { params: departureParams, response: { 200: adminManifest, 404: errorBody } } },
    async (request) =>
      getManifest(app.db, request.params.tourCode, request.params.date, languageOf(request)),
  );

  for (const file of manifestFiles) {
    app.get(
      `/admin/departures/:tourCode/:date/manifest.${file.extension}`,
      { schema: { params: departureParams, ...file.schema } },
      async (request, reply) => {
        const { tourCode, date } = request.params;
        const language = languageOf(request);
        const manifest = await getManifest(app.db, tourCode, date, language);
        return sendAttachment(reply, {
          type: file.type,
          fileName: `manifest-${manifest.tourCode}-${date}.${file.extension}`,
          body: await file.body(manifest, language),
        });
      },
    );
  }
}
