import { PAGE_LANGUAGES, type PageLanguage, tourSlug } from '@cusco/shared';
import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tourSlugs, tours } from '../../db/schema.ts';

/** Serializes the writers of slugs (any constant of our own). */
const SLUG_LOCK = 0x736c7567; // "slug"

/** A tour's current slug in each language. */
export type TourSlugs = Record<PageLanguage, string>;

/**
 * Gives tours the slugs of their current names (issue 33): for each tour (all, or `tourIds`) and
 * language, when the slug its name and length make is not its current one, that slug becomes
 * current (a new row, or an old one of the same tour made newest again); the older ones stay, so
 * that their addresses redirect. Run in the transaction that changes a name, and at start-up for
 * tours that have none. Answers how many slugs were written.
 */
export async function writeTourSlugs(db: Executor, tourIds?: string[]): Promise<number> {
  if (tourIds?.length === 0) return 0;
  // One writer at a time, to the end of its transaction: two tours renamed to the same name at
  // once would both find its slug free, and the second insert would fail (a 500).
  await db.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK})`);
  const tourRows = await db
    .select({
      id: tours.id,
      nameEn: tours.nameEn,
      nameEs: tours.nameEs,
      days: tours.days,
      nights: tours.nights,
    })
    .from(tours)
    .where(tourIds ? inArray(tours.id, tourIds) : undefined)
    .orderBy(tours.sortOrder, tours.code);
  // Every slug of every tour: a few per tour, a few hundred in all.
  const slugRows = await db
    .select()
    .from(tourSlugs)
    .orderBy(desc(tourSlugs.createdAt), desc(tourSlugs.slug));
  const owner = new Map(slugRows.map((row) => [`${row.language}:${row.slug}`, row.tourId]));
  let written = 0;
  for (const tour of tourRows) {
    for (const language of PAGE_LANGUAGES) {
      const name = language === 'en' ? tour.nameEn : tour.nameEs;
      const current = slugRows.find((row) => row.tourId === tour.id && row.language === language);
      const slug = tourSlug({ name, days: tour.days, nights: tour.nights }, (candidate) => {
        const held = owner.get(`${language}:${candidate}`);
        return held !== undefined && held !== tour.id;
      });
      if (current?.slug === slug) continue;
      if (owner.get(`${language}:${slug}`) === tour.id) {
        // Renamed back: the old address becomes the current one again.
        await db
          .update(tourSlugs)
          .set({ createdAt: sql`clock_timestamp()` })
          .where(and(eq(tourSlugs.language, language), eq(tourSlugs.slug, slug)));
      } else {
        await db
          .insert(tourSlugs)
          .values({ tourId: tour.id, language, slug, createdAt: sql`clock_timestamp()` });
        owner.set(`${language}:${slug}`, tour.id);
      }
      written++;
    }
  }
  return written;
}

/** Slugs for the tours that have none yet (an install from before issue 33, a new tour). */
export async function writeMissingTourSlugs(db: Executor): Promise<number> {
  const missing = await db
    .select({ id: tours.id })
    .from(tours)
    .where(
      notExists(db.select({ one: sql`1` }).from(tourSlugs).where(eq(tourSlugs.tourId, tours.id))),
    );
  if (missing.length === 0) return 0;
  return writeTourSlugs(
    db,
    missing.map((row) => row.id),
  );
}

/** Every tour's current slugs, by the tour's code. */
export async function currentSlugs(db: Executor): Promise<Map<string, TourSlugs>> {
  const rows = await db
    .selectDistinctOn([tourSlugs.tourId, tourSlugs.language], {
      code: tours.code,
      language: tourSlugs.language,
      slug: tourSlugs.slug,
    })
    .from(tourSlugs)
    .innerJoin(tours, eq(tours.id, tourSlugs.tourId))
    .orderBy(tourSlugs.tourId, tourSlugs.language, desc(tourSlugs.createdAt));
  const byCode = new Map<string, TourSlugs>();
  for (const row of rows) {
    const slugs = byCode.get(row.code) ?? { en: '', es: '' };
    slugs[row.language as PageLanguage] = row.slug;
    byCode.set(row.code, slugs);
  }
  return byCode;
}

/** Where an address's slug leads: the tour's code, whether it is active, its current slugs. */
export interface SlugTarget {
  tourId: string;
  code: string;
  active: boolean;
  slugs: TourSlugs;
}

/** The tour a slug names in a language (a current or an old one); null when none does. */
export async function findSlug(
  db: Executor,
  language: PageLanguage,
  slug: string,
): Promise<SlugTarget | null> {
  const [row] = await db
    .select({ tourId: tours.id, code: tours.code, active: tours.isActive })
    .from(tourSlugs)
    .innerJoin(tours, eq(tours.id, tourSlugs.tourId))
    .where(and(eq(tourSlugs.language, language), eq(tourSlugs.slug, slug)));
  if (!row) return null;
  const rows = await db
    .selectDistinctOn([tourSlugs.language], { language: tourSlugs.language, slug: tourSlugs.slug })
    .from(tourSlugs)
    .where(eq(tourSlugs.tourId, row.tourId))
    .orderBy(tourSlugs.language, desc(tourSlugs.createdAt));
  const slugs: TourSlugs = { en: '', es: '' };
  for (const entry of rows) slugs[entry.language as PageLanguage] = entry.slug;
  return { ...row, slugs };
}
