import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

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

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stopChild(child: ChildProcess) {
  child.kill('SIGTERM');
  await exited(child);
}

/** Starts the bare Fastify route (src/bare.mjs) in its own process. */
export async function startBare(): Promise<Running> {
  const child = fork(path.join(root, 'bench/src/bare.mjs'), { stdio: 'ignore' });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { url, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

/** The database a run of the bench uses: the embedded PGlite, or a scratch PostgreSQL database. */
export type BenchDatabase = { kind: 'pglite' } | { kind: 'postgres'; serverUrl: string };

/** Creates a scratch database on the PostgreSQL server (dropped by the answer's `drop`). */
async function scratchDatabase(serverUrl: string) {
  const name = `cusco_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with code ${child.exitCode}`);
    const answer = await fetch(`${url}/api/ready`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the product was not ready at ${url} within ${timeoutMs} ms`);
}

/** Resident memory of a process, in MB (Linux /proc). */
export function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * What the product's process is given: the bench's own environment, as a user's shell gives it to
 * `npm start`, without NODE_ENV and LOG_LEVEL (a test runner sets NODE_ENV=test; a user sets
 * neither), on a free port with its own data folder. Rate limits are off: the bench measures what
 * the product serves, not what it lets one address do. `overrides` (and `startProduct`'s
 * `nodeOptions`, such as `--cpu-prof`, and `entry`, another build's server) are for ad-hoc
 * comparisons and profiles.
 */
function productEnv(port: number, dataDir: string, databaseUrl: string, overrides = {}) {
  const { NODE_ENV: _mode, LOG_LEVEL: _level, ...inherited } = process.env;
  return {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    RATE_LIMITS: 'false',
    ...overrides,
  };
}

/**
 * Starts the product exactly as `npm start` does (`node scripts/start.mjs`: built, migrated,
 * seeded with the demo data, logging at its default level to a pipe the bench reads and drops, as
 * a terminal or a service manager would take it) on a free port, and answers how long it took to
 * be ready.
 */
export async function startProduct(
  database: BenchDatabase,
  overrides: Record<string, string> = {},
  nodeOptions: string[] = [],
  entry = 'scripts/start.mjs',
): Promise<Running & { readyMs: number; warmReadyMs: number; databaseUrl?: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-bench-'));
  const scratch = database.kind === 'postgres' ? await scratchDatabase(database.serverUrl) : null;
  const env = productEnv(port, dataDir, scratch?.url ?? '', overrides);
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeOptions, entry], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.resume();
    await waitForReady(url, child, 180_000);
    return { child, ms: Math.round(performance.now() - started) };
  };
  // The first start migrates and seeds; the second is the warm start a restart gives.
  const first = await launch();
  await stopChild(first.child);
  const warm = await launch();
  return {
    url,
    pid: warm.child.pid ?? 0,
    readyMs: first.ms,
    warmReadyMs: warm.ms,
    databaseUrl: scratch?.url,
    async stop() {
      await stopChild(warm.child);
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time a process has used so far, in milliseconds (Linux /proc: user and system time). On a
 * shared machine a call's CPU time per request moves far less than its requests per second.
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after `) `.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}
