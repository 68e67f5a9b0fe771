import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the product did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export interface RunningProduct {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A new empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
async function createDatabase(serverUrl: string) {
  const name = `cusco_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client
        .query(`drop database if exists ${name} with (force)`)
        .finally(() => client.end());
    },
  };
}

/**
 * Where a test's own product (one started for its settings: a mail server, a copy of the build)
 * keeps its data: on the PostgreSQL server when there is one, as on CI. A new embedded database
 * starts in twice the time (9 s against 4 s on a quiet machine; password-reset's took 43 s of a
 * busy one), and the embedded database is already the first lane's product's (global-setup.ts).
 */
export const ownProductDatabase = { postgresUrl: process.env.TEST_DATABASE_URL || undefined };

/**
 * Starts the product as `npm start` does (`node scripts/start.mjs`, NODE_ENV=production) on a
 * free port with a throwaway data folder, its links pointing at itself; `env` adds to or
 * overrides its settings. On the embedded database, unless `postgresUrl` names a PostgreSQL
 * server: then on a new database there, as an agency's production runs (`DATABASE_URL`), dropped
 * at the end. `stop()` ends it with SIGTERM and removes the folder.
 */
export async function startProduct(
  env: Record<string, string> = {},
  { postgresUrl }: { postgresUrl?: string } = {},
): Promise<RunningProduct> {
  const port = await freePort();
  const database = postgresUrl ? await createDatabase(postgresUrl) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      // As `npm start` runs it, not in the test runner's NODE_ENV=test.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: database?.url ?? '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    // A product that never became ready is not left running (and its folder not left behind).
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
