import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { databaseUrl } from './postgres.ts';

export const isPostgres = process.env.TEST_DB_KIND === 'postgres';

/** A test database; on PostgreSQL, with its URL (a second node can open its own pool). */
export type TestDatabase = DatabaseHandle & { url?: string };

/** A fresh database for one test file: a copy of the migrated, seeded snapshot or template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (isPostgres) {
    const name = `${inject('postgresTemplate')}_f${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = databaseUrl(name);
    const handle = await openDatabase({
      kind: 'postgres',
      guardTransactions: true,
      url,
      poolSize: 20,
    });
    return {
      ...handle,
      url,
      async close() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
}

/** The sandbox signing secret of the test apps (support/payments.ts signs with it). */
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789abcdef';

/**
 * The configuration of a test app: quiet, with the rate limits off (a test file signs up many
 * customers from one address; the rate-limit tests turn them on) and no background jobs.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SANDBOX_SECRET: TEST_SANDBOX_SECRET,
  });
  return {
    ...base,
    rateLimits: { ...base.rateLimits, enabled: false },
    // Reconciliation runs when a test calls it, not on a timer.
    payments: { ...base.payments, reconcileIntervalSeconds: 0 },
    // The outbox worker and the reminder scan too: a test runs a pass when it means to.
    mail: { ...base.mail, intervalSeconds: 0, reminderIntervalMinutes: 0 },
    // The receipts' send worker and sweeper too (app.receipts.sweep()).
    receipts: { ...base.receipts, intervalSeconds: 0 },
    // No scheduled backups: a test takes one when it means to.
    backups: { ...base.backups, intervalHours: 0 },
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * Another process's connections to a PostgreSQL test database, without the transaction guard
 * (db/transaction-guard.ts): a test holds a lock with them, as a second node or a job would,
 * and the app's requests started meanwhile are not inside a transaction of the app's own.
 */
export function anotherProcess(database: TestDatabase): Promise<DatabaseHandle> {
  if (!database.url) throw new Error('anotherProcess needs a PostgreSQL test database');
  return openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
}

/** The whole application on a fresh database, for `app.inject()` tests. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildApp({
    db: database.db,
    config: testConfig(overrides),
    databaseKind: database.kind,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
