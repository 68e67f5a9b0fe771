import { PAGE_LANGUAGES } from '@cusco/shared';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tours } from '../../db/schema.ts';
import { currentSlugs } from './slugs.ts';
import type { PageUrls } from './structured-data.ts';

/** What the sitemap lists: the active tours' addresses and their last change. */
export interface SitemapData {
  tours: { code: string; slugs: { en: string; es: string }; updatedAt: string }[];
}

export async function loadSitemap(db: Executor): Promise<SitemapData> {
  const [rows, slugs] = await Promise.all([
    db
      .select({ code: tours.code, updatedAt: tours.updatedAt })
      .from(tours)
      .where(eq(tours.isActive, true))
      .orderBy(desc(tours.updatedAt), tours.code),
    currentSlugs(db),
  ]);
  return {
    tours: rows.flatMap((row) => {
      const tourSlugs = slugs.get(row.code);
      return tourSlugs
        ? [{ code: row.code, slugs: tourSlugs, updatedAt: row.updatedAt.toISOString() }]
        : [];
    }),
  };
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One address of the sitemap with its alternates in both languages (and x-default: Spanish). */
function entry(urls: Record<'en' | 'es', string>, url: string, lastmod: string) {
  const links = [
    ...PAGE_LANGUAGES.map((language) => [language, urls[language]]),
    ['x-default', urls.es],
  ]
    .map(
      ([language, href]) =>
        `<xhtml:link rel="alternate" hreflang="${language}" href="${xml(href ?? '')}"/>`,
    )
    .join('');
  return `<url><loc>${xml(url)}</loc><lastmod>${lastmod}</lastmod>${links}</url>`;
}

/** sitemap.xml: both catalogues and every active tour's page in both languages. */
export function renderSitemap(data: SitemapData, urls: PageUrls): string {
  const newest = data.tours[0]?.updatedAt ?? new Date(0).toISOString();
  const catalogues = { en: urls.catalogue('en'), es: urls.catalogue('es') };
  const lines = PAGE_LANGUAGES.map((language) => entry(catalogues, catalogues[language], newest));
  for (const tour of data.tours) {
    const pages = { en: urls.tour('en', tour.slugs.en), es: urls.tour('es', tour.slugs.es) };
    for (const language of PAGE_LANGUAGES)
      lines.push(entry(pages, pages[language], tour.updatedAt));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: the public pages may be crawled; the API, OCTO, the payment sandbox, uploaded files
 * and the app's private areas (all behind the hash, which crawlers do not follow, and the API
 * they call) may not.
 */
export function renderRobots(urls: PageUrls): string {
  return [
    'User-agent: *',
    'Allow: /en/',
    'Allow: /es/',
    'Disallow: /api/',
    'Disallow: /octo/',
    'Disallow: /sandbox/',
    'Disallow: /files/',
    '',
    `Sitemap: ${urls.base}/sitemap.xml`,
    '',
  ].join('\n');
}
