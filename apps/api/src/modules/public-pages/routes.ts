import { isPageLanguage, isSlug, PAGE_LANGUAGES, type PageLanguage } from '@cusco/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { availabilityKey } from '../departures/routes.ts';
import { loadCatalogue, loadTourBase, nextOpenDates, type TourPageData } from './data.ts';
import { renderCatalogue, renderError, renderTour } from './render.tsx';
import { loadSitemap, renderRobots, renderSitemap } from './sitemap.ts';
import { findSlug } from './slugs.ts';
import { pageUrls } from './structured-data.ts';

const HTML = 'text/html; charset=utf-8';

/**
 * How long a node shows a tour page's dates before reading them again, when nothing on this node
 * changed them: a booking here drops the page at once (availabilityKey), one on another node is
 * seen within this time. Longer than the booking calendar's 2 s: the page only lists dates (the
 * booking page checks the seats again), and a page read again every 2 s cost most of its
 * requests a fresh read of the availability.
 */
export const PAGE_DATES_MAX_AGE_MS = 30_000;

/**
 * The public pages (issue 33, ADR 0052), at real paths beside the hash-routed app: the catalogue
 * and a page per tour in English and Spanish, sitemap.xml and robots.txt. Server-rendered HTML
 * from the catalogue cache (ETag, 304, compressed once per encoding), dropped with every staff
 * edit; a tour's page holds its next open dates too, so it lives with the tour's seats answers
 * (app.seats): a booking on this node drops it at once, one on another node within
 * PAGE_DATES_MAX_AGE_MS.
 */
export async function publicPageRoutes(app: FastifyInstance) {
  const urls = pageUrls(app.config.mail.publicUrl);

  // Web pages, not API calls: out of the OpenAPI description (/api/docs), whose every call is
  // either signed-in or on route-scope.test.ts's list of those open to anyone.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  /** The 404 (or, for a tour no longer offered, 410) page in the address's language. */
  const errorPage = (reply: FastifyReply, language: PageLanguage, gone = false) =>
    reply
      .code(gone ? 410 : 404)
      .type(HTML)
      .header('cache-control', 'no-cache')
      // An address in no language of ours is answered in the visitor's.
      .header('vary', 'Accept-Language')
      .send(renderError(language, gone, urls));

  // A refused request (a NUL in the address: the input guard's 400) is a page with nothing at
  // it, in the address's language; a failure of ours stays the app's 500.
  app.setErrorHandler((error: { statusCode?: number; status?: number }, request, reply) => {
    const status = error.statusCode ?? error.status ?? 500;
    if (status >= 500) throw error;
    return errorPage(reply, languageOf(request, request.url.split('/')[1] ?? ''));
  });

  /** The language an address names, or the visitor's for an unknown one (Spanish by default). */
  const languageOf = (request: FastifyRequest, segment: string): PageLanguage => {
    if (isPageLanguage(segment)) return segment;
    return /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'es';
  };

  /** The catalogue in a language. */
  const catalogue = (language: PageLanguage) => (request: FastifyRequest, reply: FastifyReply) =>
    app.catalogue.send(request, reply, {
      key: `page:catalogue:${language}`,
      audience: 'public',
      load: () => loadCatalogue(app.db, language),
      render: (data) => renderCatalogue(data as Awaited<ReturnType<typeof loadCatalogue>>, urls),
      type: HTML,
      vary: 'Accept-Encoding',
    });

  /** A tour's page by its slug in a language; an old slug redirects to the current one. */
  const tourPage =
    (language: PageLanguage) =>
    async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
      const { slug } = request.params;
      if (!isSlug(slug)) return errorPage(reply, language);
      const target = await app.catalogue.value(`slug:${language}:${slug}`, () =>
        findSlug(app.db, language, slug),
      );
      if (!target) return errorPage(reply, language);
      if (!target.active) return errorPage(reply, language, true);
      // An old address (before a rename): for good to the current one.
      if (target.slugs[language] !== slug) {
        // Not kept for good by browsers: renamed back, the two addresses would loop.
        return reply
          .header('cache-control', 'no-cache')
          .redirect(`/${language}/tours/${target.slugs[language]}`, 301);
      }
      try {
        return await app.seats.send(request, reply, {
          key: `${availabilityKey(target.code)}page:${language}`,
          audience: 'public',
          maxAgeMs: PAGE_DATES_MAX_AGE_MS,
          // What changes with the catalogue is kept with it; the dates are read again.
          load: async () => {
            const base = await app.catalogue.value(`page:tour:${target.code}:${language}`, () =>
              loadTourBase(app.db, target.code, target.slugs, language),
            );
            if (!base) throw new AppError('NOT_FOUND', 'tourInactive');
            return { ...base, dates: await nextOpenDates(app.db, target.code, language) };
          },
          render: (data) => renderTour(data as TourPageData, urls),
          type: HTML,
          vary: 'Accept-Encoding',
        });
      } catch (error) {
        // Made inactive between the two reads.
        if (error instanceof AppError && error.code === 'NOT_FOUND') {
          return errorPage(reply, language, true);
        }
        throw error;
      }
    };

  for (const language of PAGE_LANGUAGES) {
    app.get(`/${language}/tours`, catalogue(language));
    app.get<{ Params: { slug: string } }>(`/${language}/tours/:slug`, tourPage(language));
  }
  // A language the pages are not in (a language tag: fr, pt-BR): a 404 page in the visitor's.
  // Not api, octo, files…: their own 404 answers stay theirs.
  const otherLanguage = '/:lang(^[a-zA-Z]{2}$|^[a-zA-Z]{2}-[a-zA-Z0-9]{2,8}$)/tours';
  app.get<{ Params: { lang: string } }>(otherLanguage, (request, reply) =>
    errorPage(reply, languageOf(request, request.params.lang)),
  );
  app.get<{ Params: { lang: string } }>(`${otherLanguage}/*`, (request, reply) =>
    errorPage(reply, languageOf(request, request.params.lang)),
  );

  // The language's root, and anything else under it: the catalogue, or a 404 page.
  for (const language of PAGE_LANGUAGES) {
    app.get(`/${language}`, (_request, reply) => reply.redirect(`/${language}/tours`, 301));
    app.get(`/${language}/`, (_request, reply) => reply.redirect(`/${language}/tours`, 301));
    app.get(`/${language}/*`, (_request, reply) => errorPage(reply, language));
  }

  app.get('/sitemap.xml', (request, reply) =>
    app.catalogue.send(request, reply, {
      key: 'page:sitemap',
      audience: 'public',
      load: () => loadSitemap(app.db),
      render: (data) => renderSitemap(data as Awaited<ReturnType<typeof loadSitemap>>, urls),
      type: 'application/xml; charset=utf-8',
      vary: 'Accept-Encoding',
    }),
  );

  app.get('/robots.txt', (request, reply) =>
    app.catalogue.send(request, reply, {
      key: 'page:robots',
      audience: 'public',
      load: async () => null,
      render: () => renderRobots(urls),
      type: 'text/plain; charset=utf-8',
      vary: 'Accept-Encoding',
    }),
  );
}
