import { createRequire } from 'node:module';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { reconcilePending } from './modules/payments/reconcile.ts';

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

const logger = {
  level: config.logLevel,
  redact: ['req.headers.authorization'],
  ...prettyTransport(),
};

const database = await openConfiguredDatabase(config).catch((error: Error) => {
  // A clear sentence, not a stack: the data folder is taken, the database unreachable...
  console.error(`Could not open the database: ${error.message}`);
  process.exit(1);
});
const app = await buildApp({ db: database.db, config, logger, databaseKind: database.kind });

/**
 * The reconciliation job: pending payment attempts are settled by asking the gateway, so that a
 * lost notification never loses a payment. Every node may run it; settling is idempotent.
 */
let reconciling = false;
const reconciliation =
  config.payments.reconcileIntervalSeconds > 0
    ? setInterval(async () => {
        if (reconciling) return;
        reconciling = true;
        try {
          const report = await reconcilePending(database.db, app.gateway, {
            olderThanSeconds: config.payments.reconcileAfterSeconds,
            onError: (error, attemptId) =>
              app.log.warn({ err: error, attemptId }, 'could not reconcile a payment attempt'),
          });
          if (report.checked > 0) app.log.info({ report }, 'payments reconciled');
        } catch (error) {
          app.log.error({ err: error }, 'payment reconciliation failed');
        } finally {
          reconciling = false;
        }
      }, config.payments.reconcileIntervalSeconds * 1000)
    : undefined;
reconciliation?.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  try {
    if (reconciliation) clearInterval(reconciliation);
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL',
      startupMs: Math.round(performance.now() - startedAt),
    },
    `ready on http://localhost:${config.port}`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
