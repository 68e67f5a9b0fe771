import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appMeta, outbox } from '../db/schema.ts';
import { bumpCatalogueVersion } from '../lib/versions.ts';
import { writeMissingTourSlugs } from '../modules/public-pages/slugs.ts';

/** Bump when the seed's content changes, so that existing databases receive the new rows. */
export const SEED_VERSION = '5';

/**
 * Loads the reference lists and, unless switched off, the demo catalogue and accounts. It runs
 * on every start but does its work once: a database already at SEED_VERSION is left untouched,
 * and every insert skips rows that exist.
 */
export async function seedDatabase(db: Database, options: { demo: boolean }) {
  const result = await seedOnce(db, options);
  // Every tour has its public addresses (issue 33): those seeded now, and on an install from
  // before the slugs those that exist (migration 0030 leaves them to the shared rule, here).
  if ((await writeMissingTourSlugs(db)) > 0 && !result.seeded) await bumpCatalogueVersion(db);
  return result;
}

/** The seed's work, done once per SEED_VERSION. */
async function seedOnce(db: Database, options: { demo: boolean }) {
  const marker = options.demo ? 'seed_version:demo' : 'seed_version:reference';
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, marker));
  if (current?.value === SEED_VERSION) return { seeded: false };

  // The seed's content and its libraries are loaded only when there is something to seed: a
  // restart, which finds its database seeded, starts without them.
  const [
    { seedCatalogue },
    { serviceCatalogue, tourCatalogue },
    { seedDemoAccounts, demoAccountIds },
    { seedDemoBookings },
    { seedDemoCrew },
    { seedDemoDepartures },
    { seedDemoTrail },
    { seedReferenceData },
  ] = await Promise.all([
    import('./catalogue.ts'),
    import('./content.ts'),
    import('./demo-accounts.ts'),
    import('./demo-bookings.ts'),
    import('./demo-crew.ts'),
    import('./demo-departures.ts'),
    import('./demo-trail.ts'),
    import('./reference.ts'),
  ]);

  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    if (options.demo) {
      await seedCatalogue(tx, serviceCatalogue, tourCatalogue);
      await seedDemoAccounts(tx);
      await seedDemoCrew(tx);
    }
  });
  // Demo reservations go through the domain functions (each with its own transactions); the demo
  // departures come after them, as an agency closes dates that may already have bookings.
  if (options.demo) {
    await seedDemoBookings(db);
    await seedDemoDepartures(db, tourCatalogue);
    // The guide's app (issue 32): the demo guide, assigned to a departure soon and one later.
    await seedDemoTrail(db);
    // The demo's bookings, payments and answers are news to no one: their e-mails stay unsent.
    await db
      .update(outbox)
      .set({ status: 'skipped', lastError: 'demo data' })
      .where(
        and(eq(outbox.status, 'pending'), inArray(outbox.userId, Object.values(demoAccountIds))),
      );
  }
  await db
    .insert(appMeta)
    .values({ key: marker, value: SEED_VERSION })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION } });
  // Nodes already running drop their cached catalogue answers.
  await bumpCatalogueVersion(db);
  return { seeded: true };
}
