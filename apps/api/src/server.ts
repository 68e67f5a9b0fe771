import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { serializeError } from './lib/log.ts';
import { removeControlFile, writeControlFile } from './modules/backups/control-file.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { startTracingIfWanted } from './tracing/index.ts';

const startedAt = performance.now();
const config = loadConfig();

/** Readable logs in a terminal when pino-pretty (a development dependency) is installed. */
function prettyTransport() {
  if (!process.stdout.isTTY) return {};
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return { transport: { target: 'pino-pretty' } };
  } catch {
    return {};
  }
}

/**
 * Where the log lines go: to pino-pretty in a terminal, else to standard output written
 * asynchronously. pino's default writes each line with a blocking write(2), two per request at
 * the default level; asynchronously the lines that come while one write is under way go out
 * together in the next (issue 33), and what is pending is written when the process exits.
 */
function logDestination() {
  const pretty = prettyTransport();
  return 'transport' in pretty ? pretty : { stream: pino.destination({ dest: 1, sync: false }) };
}

const logger = {
  level: config.logLevel,
  redact: ['req.headers.authorization'],
  ...logDestination(),
};

// OpenTelemetry traces when the OTEL_* variables ask for them (issue 34): started before the
// database's driver loads, so that its queries have spans. Otherwise nothing of it is loaded.
const tracing = await startTracingIfWanted().catch((error: Error) => {
  console.error(`Could not start OpenTelemetry tracing: ${error.message}`);
  process.exit(1);
});

/** Connections lost before the app's logger exists are reported on stderr. */
let reportLostConnection = (error: Error) =>
  console.warn(`database connection lost: ${serializeError(error).message}`);

const database = await openConfiguredDatabase(config, {
  onConnectionError: (error) => reportLostConnection(error),
}).catch((error: Error) => {
  // A clear sentence, not a stack: the data folder is taken, the database unreachable...
  console.error(`Could not open the database: ${error.message}`);
  process.exit(1);
});
// The embedded database is locked by this process: `npm run backup` asks it for a backup with
// the token of the control file written into the data folder once listening (ADR 0055).
const localBackupToken =
  database.kind === 'pglite' ? randomBytes(32).toString('base64url') : undefined;
const app = await buildApp({
  db: database.db,
  config,
  logger,
  databaseKind: database.kind,
  ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  ...(tracing ? { tracingPlugin: tracing.plugin } : {}),
  ...(localBackupToken ? { localBackupToken } : {}),
});
// A restart or a failover of PostgreSQL: logged, the pool opens new connections by itself.
reportLostConnection = (error) =>
  app.log.warn({ err: error }, 'database connection lost; the pool will reconnect');

/**
 * SIGTERM or SIGINT (close-with-grace): readiness turns 503 (a load balancer stops sending), the
 * server stops accepting connections and lets the requests in flight finish, the jobs finish
 * their current pass, the pool closes, and the process exits 0; after SHUTDOWN_TIMEOUT_SECONDS it
 * gives up with 1. A request either finished (its transaction committed) or never started:
 * nothing is half-written, for every write is one transaction.
 */
closeWithGrace(
  {
    delay: config.shutdownTimeoutSeconds * 1000,
    logger: { error: (message: string) => app.log.error(message) },
  },
  async ({ signal, err }) => {
    app.draining = true;
    if (err) app.log.error({ err }, 'closing after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    if (localBackupToken) removeControlFile(config.dataDir);
    await app.close();
    await database.close();
    // The spans still buffered go out before the process ends.
    await tracing?.shutdown();
    app.log.info({ signal }, 'stopped');
    if (err) throw err;
  },
);

try {
  const address = await app.listen({ port: config.port, host: config.host });
  if (localBackupToken) {
    const listening = new URL(address);
    if (['0.0.0.0', '[::]', '::'].includes(listening.hostname)) listening.hostname = '127.0.0.1';
    writeControlFile(config.dataDir, {
      pid: process.pid,
      url: listening.origin,
      token: localBackupToken,
    });
  }
  app.log.info(
    {
      database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL',
      address,
      startupMs: Math.round(performance.now() - startedAt),
      ...(tracing ? { tracing: 'OpenTelemetry' } : {}),
    },
    `ready on http://localhost:${new URL(address).port}`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
