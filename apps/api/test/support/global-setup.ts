import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { seedDatabase } from '../../src/seed/index.ts';
import { databaseUrl } from './postgres.ts';
import { buildPrograms } from './programs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a tarball of a migrated, seeded data directory. */
    pgliteSnapshot: string;
    /**
     * PGlite: path of a tarball of a new cluster with nothing in it (no schema): a restore's
     * empty target, without running PGlite's initdb (seconds of CPU) again for each.
     */
    pgliteBlank: string;
    /** PostgreSQL: the name of a migrated, seeded template database. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database for the whole run; each test file then starts from a copy of
 * it (a PGlite snapshot, or a PostgreSQL template), which is much faster than migrating again.
 */
export default async function setup(project: TestProject) {
  // The programs the tests start in processes of their own run from their build (programs.ts).
  buildPrograms();
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';

  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const template = `cusco_test_template_${process.pid}`;
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = databaseUrl(template);
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await migrateDatabase(handle, {
      postgresUrl: url,
      afterMigrate: (db) => seedDatabase(db, { demo: true }).then(() => {}),
    });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    project.provide('pgliteBlank', '');
    return async () => {
      // Test databases made from the template are dropped by their files; drop any left over.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${template}_f%'`,
      );
      for (const row of rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'cusco-test-'));
  const handle = await openDatabase({ kind: 'pglite' });
  const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite })
    .$client;
  const blank = path.join(dir, 'blank.tar');
  writeFileSync(blank, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await migrateDatabase(handle, {
    afterMigrate: (db) => seedDatabase(db, { demo: true }).then(() => {}),
  });
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteBlank', blank);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
