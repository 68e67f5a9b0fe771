import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, PoolStats } from './db/client.ts';
import { createGateway, type PaymentGateway } from './gateways/index.ts';
import { sandboxRoutes } from './gateways/sandbox/routes.ts';
import { sandboxSecret } from './gateways/sandbox/secret.ts';
import { logSerializers, RequestLogs } from './lib/log.ts';
import { compiledSerializer } from './lib/serializer.ts';
import { noTelemetry } from './lib/telemetry.ts';
import { adminLedgerRoutes, adminMoneyRoutes } from './modules/admin/money-routes.ts';
import { adminReadRoutes } from './modules/admin/read-routes.ts';
import { adminIncidentRoutes } from './modules/admin/routes.ts';
import { adminStaffNoteRoutes } from './modules/admin/staff-notes-routes.ts';
import { adminStaffRoutes } from './modules/admin/staff-routes.ts';
import { authRoutes, passwordResetRoutes, publicAuthRoutes } from './modules/auth/routes.ts';
import { adminBackupRoutes, localBackupRoutes } from './modules/backups/routes.ts';
import { BackupService, scheduleCheckMs } from './modules/backups/service.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { adminCatalogueRoutes, adminCatalogueSaveRoutes } from './modules/catalogue/routes.ts';
import { adminChangeRoutes, changeRoutes } from './modules/changes/routes.ts';
import { healthRoutes } from './modules/common/health.ts';
import { adminComplaintRoutes, complaintRoutes } from './modules/complaints/routes.ts';
import { adminCrewEditRoutes, adminCrewRoutes } from './modules/crew/routes.ts';
import {
  adminCalendarRoutes,
  adminDepartureRoutes,
  availabilityRoutes,
} from './modules/departures/routes.ts';
import { adminDeskRoutes } from './modules/desk/routes.ts';
import {
  adminDocumentChangeRoutes,
  documentChangeRoutes,
} from './modules/document-changes/routes.ts';
import { incidentRoutes } from './modules/incidents/routes.ts';
import { adminMailRoutes, travelDocumentRoutes } from './modules/mail/routes.ts';
import { createMailService, type MailService } from './modules/mail/service.ts';
import { octoRoutes } from './modules/octo/routes.ts';
import { adminPurchaseRoutes } from './modules/operations/routes.ts';
import type { MailTransport } from './modules/outbox/transport.ts';
import { passengerRoutes } from './modules/passengers/routes.ts';
import { reconcilePending } from './modules/payments/reconcile.ts';
import { notificationRoutes, paymentRoutes } from './modules/payments/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { publicPageRoutes } from './modules/public-pages/routes.ts';
import {
  adminExchangeRateRoutes,
  adminReceiptActionRoutes,
  invoiceRoutes,
} from './modules/receipts/actions-routes.ts';
import { createReceiptProvider, type ReceiptProvider } from './modules/receipts/provider.ts';
import { adminReceiptRoutes, receiptRoutes } from './modules/receipts/read-routes.ts';
import { type ReceiptSender, sendDueReceipts } from './modules/receipts/send.ts';
import { receiptJobs, setUpReceipts } from './modules/receipts/service.ts';
import { adminResellerRoutes } from './modules/resellers/routes.ts';
import { serviceRoutes } from './modules/services/routes.ts';
import { publicTourRoutes, tourRoutes } from './modules/tours/routes.ts';
import { ensureVoucherKey, VoucherKeys } from './modules/trail/keys.ts';
import { adminTrailRoutes, guideRoutes } from './modules/trail/routes.ts';
import { afterAnswerPlugin } from './plugins/after-answer.ts';
import { authPlugin, guideOnly, signedIn, staffOnly } from './plugins/auth.ts';
import { catalogueCachePlugin } from './plugins/catalogue-cache.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { type Job, jobsPlugin } from './plugins/jobs.ts';
import { type RateLimitsOptions, rateLimitsPlugin } from './plugins/rate-limits.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { inlineScriptHashes, registerWebApp } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    gateway: PaymentGateway;
    /** E-mail (issue 15): the transport, and the outbox and reminder passes. */
    mail: MailService;
    /** Receipts (issue 30): the issuer they go to, for the send worker and staff's "send again". */
    receiptSender: ReceiptSender;
    /** The key that signs vouchers' QR codes (issue 32, modules/trail/keys.ts). */
    voucherKeys: VoucherKeys;
    /** Backups (issue 34, ADR 0055): on demand and, on the embedded database, scheduled. */
    backups: BackupService;
  }
}

export interface AppOptions {
  db: Database;
  config: Config;
  /** The database's kind: on PostgreSQL, shared state (rate-limit counters) lives in it. */
  databaseKind?: 'pglite' | 'postgres';
  logger?: FastifyServerOptions['logger'];
  /** The payment gateway; by default the one the configuration names. */
  gateway?: PaymentGateway;
  /** Where e-mail goes; by default the configuration's (SMTP_URL, else the database). */
  mailTransport?: MailTransport;
  /** Where receipts go; by default the configuration's (RECEIPT_PROVIDER). */
  receiptProvider?: ReceiptProvider;
  /** PostgreSQL's pool figures, for the metrics (issue 34). */
  poolStats?: () => PoolStats;
  /**
   * The tracing plugin (@fastify/otel, issue 34), when OpenTelemetry is on (src/tracing.ts):
   * registered before every route, so that each request has its span.
   */
  tracingPlugin?: FastifyPluginAsync;
  /**
   * The token of the running embedded server's control file: `npm run backup` sends it to ask
   * this process for a backup (POST /api/system/backup). Without it, that route does not exist.
   */
  localBackupToken?: string;
}

/**
 * Which X-Forwarded-For hops are believed: only the configured proxies, never whatever a client
 * writes there. A number trusts that many hops next to the server; a list, those addresses.
 */
function trustedProxies(setting: Config['trustProxy']) {
  if (Array.isArray(setting)) return setting;
  if (setting <= 0) return false;
  return (_address: string, hop: number) => hop < setting;
}

/** Where the rate limits count: Redis when configured, else PostgreSQL, else this process. */
function rateLimitStore(options: AppOptions): RateLimitsOptions['store'] {
  if (options.config.redisUrl) return { kind: 'redis', url: options.config.redisUrl };
  if (options.databaseKind === 'postgres') return { kind: 'postgres', db: options.db };
  return { kind: 'memory' };
}

/** Builds the whole application: the API under /api, its docs, and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createServer(options);
  if (options.tracingPlugin) await app.register(options.tracingPlugin);
  setUpRequestHandling(app);
  const metrics = await loadMetrics(options);
  app.decorate('telemetry', metrics?.telemetry ?? noTelemetry);
  const gateway = decorateApp(app, options);
  await setUpReceipts(app, options.db, options.config);
  // The vouchers' signing key: the configured one, or the database's (made on the first start).
  await ensureVoucherKey(options.db, options.config.trail.voucherSigningKey);
  const sandbox = gateway.name === 'sandbox' ? await sandboxSettings(app, options) : undefined;
  await registerResponseHeaders(app, options.config);
  await registerDocs(app);
  await registerSharedPlugins(app, options);
  // GET /metrics and the requests' measures, before every route (issue 34).
  if (metrics) await app.register(metrics.plugin);
  await app.register(apiRoutes(sandbox), { prefix: '/api' });
  if (options.localBackupToken) {
    await app.register(localBackupRoutes(options.localBackupToken), { prefix: '/api' });
  }
  // OCTO (issue 31): resellers' systems, with their company's key; its own errors' shapes.
  await app.register(octoRoutes, { prefix: '/octo' });
  if (sandbox) await app.register(sandboxRoutes, sandbox);
  // The public pages (issue 33): the catalogue and the tours at real paths, sitemap, robots.
  await app.register(publicPageRoutes);
  await registerWebApp(app, options.config.webDist);
  await app.register(jobsPlugin, {
    jobs: backgroundJobs(app, options.config),
    telemetry: app.telemetry,
  });
  // After the jobs' own onClose (a pass in progress finishes), the SMTP connections close.
  app.addHook('onClose', async () => app.mail.transport.close());
  return app;
}

/**
 * The metrics (issue 34, ADR 0054), only when METRICS_TOKEN is set: prom-client and the plugin
 * are loaded then, so that an ordinary start does not pay for them.
 */
async function loadMetrics(options: AppOptions) {
  const { token } = options.config.metrics;
  if (!token) return undefined;
  const [{ createMetrics }, { readDatabaseGauges }] = await Promise.all([
    import('./modules/metrics/plugin.ts'),
    import('./modules/metrics/gauges.ts'),
  ]);
  const { payments } = options.config;
  return createMetrics({
    token,
    databaseKind: options.databaseKind ?? 'pglite',
    poolStats: options.poolStats,
    readGauges: () =>
      readDatabaseGauges(options.db, {
        gateway: payments.gateway,
        reconcileAfterSeconds: payments.reconcileAfterSeconds,
      }),
    rateLimitNames: Object.keys(options.config.rateLimits).filter((name) => name !== 'enabled'),
  });
}

/** How long a request has to arrive whole, and a connection may stay silent. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The Fastify server, with its logging, proxy trust and request limits. */
function createServer(options: AppOptions) {
  const logger = options.logger ?? false;
  return Fastify({
    // Every error is logged through serializeError, every request by its route (lib/log.ts):
    // no query strings, no path values, no request bodies.
    logger:
      logger && typeof logger === 'object' ? { ...logger, serializers: logSerializers } : logger,
    logController: new RequestLogs(),
    // A path that no route can read is answered before any route or hook runs (error-handler.ts).
    frameworkErrors: answerFrameworkError,
    trustProxy: trustedProxies(options.config.trustProxy),
    // JSON bodies are small (a booking is a few kilobytes); scans go through multipart, whose
    // own limits are 1 MB. A large body on a public route would only cost the server CPU.
    bodyLimit: 64 * 1024,
    // A request has 30 s to arrive whole, headers and body (docs/security.md): slow senders
    // cannot hold sockets for minutes. Node checks its connections every 30 s by default, which
    // let a slow client keep its socket up to twice that; every second, the cut comes on time.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    // A connection that never sends a whole request is cut by the same 30 s. One idle between
    // two requests is kept 72 s (Fastify's default, said here): longer than the usual 60 s idle
    // time of a load balancer, which must close first. A client that stops reading an answer
    // (its socket silent while the answer waits) is cut after 60 s; no answer takes that long
    // to make (a statement has 15 s).
    keepAliveTimeout: 72_000,
    connectionTimeout: 60_000,
    // The request id of the logs is the load balancer's when one is trusted, else our own: a
    // client cannot choose it.
    requestIdHeader: trustedProxies(options.config.trustProxy) ? 'x-request-id' : false,
  }).withTypeProvider<ZodTypeProvider>();
}

type App = ReturnType<typeof createServer>;

/** Requests checked by the zod schemas and the input guard, answers by compiled serializers. */
function setUpRequestHandling(app: App) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    compiledSerializer({ checkAnswers: process.env.NODE_ENV !== 'production' }),
  );
  registerErrorHandler(app);
  registerInputGuard(app);
  // A request its client gave up on has no "request completed" line: it gets one of its own.
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted');
    done();
  });
}

/** What every route reaches through the app: the database, the configuration, the gateway. */
function decorateApp(app: App, options: AppOptions): PaymentGateway {
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  // Set by the server on SIGTERM: /api/ready answers 503 from then on.
  app.decorate('draining', false);
  const gateway = options.gateway ?? createGateway(options.config.payments);
  app.decorate('gateway', gateway);
  const voucherKeys = new VoucherKeys(options.config.trail.voucherSigningKey);
  app.decorate('voucherKeys', voucherKeys);
  app.decorate(
    'mail',
    createMailService(
      options.db,
      options.config.mail,
      options.mailTransport,
      options.config.receipts,
      voucherKeys,
    ),
  );
  app.decorate(
    'backups',
    new BackupService(
      options.db,
      options.databaseKind ?? 'pglite',
      options.config.backups,
      app.log,
    ),
  );
  app.decorate('receiptSender', {
    db: options.db,
    provider: options.receiptProvider ?? createReceiptProvider(options.config.receipts),
    config: options.config.receipts,
  });
  if (!options.config.mail.publicUrlSet && process.env.NODE_ENV === 'production') {
    app.addHook('onReady', async () => {
      app.log.warn(
        `PUBLIC_URL is not set: links in e-mails point to ${options.config.mail.publicUrl}. Set it to the address customers open.`,
      );
    });
  }
  return gateway;
}

/** The sandbox gateway's settings, with the secret it signs with; a warning once ready. */
async function sandboxSettings(app: App, options: AppOptions) {
  const sandbox = {
    ...options.config.payments.sandbox,
    secret: await sandboxSecret(options.db, options.config.payments.sandbox.secret),
  };
  app.addHook('onReady', async () => {
    app.log.warn(
      'Payments go through the SANDBOX test gateway: no real card is charged and anyone can pay with its test cards. Set PAYMENT_GATEWAY=payme in production.',
    );
  });
  return sandbox;
}

/** The security headers of every answer, and the compression of the larger ones. */
async function registerResponseHeaders(app: App, config: Config) {
  // The checkout is framed and its form posted: allow the gateway's own origin when it has one.
  const gatewayOrigins =
    config.payments.gateway === 'payme' ? [new URL(config.payments.payme.url).origin] : [];
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The web app's one inline script (the root address's redirect), by its hash.
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", ...gatewayOrigins],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...gatewayOrigins],
        // Served over plain HTTP on a LAN or localhost too: do not force HTTPS here.
        upgradeInsecureRequests: null,
      },
    },
    // The checkout page talks to its opener with postMessage.
    crossOriginOpenerPolicy: false,
    // Headers for browsers and plug-ins no longer in use (ADR 0057): Internet Explorer 8's
    // download prompt, Flash's and Acrobat's cross-domain policies, the XSS auditor that every
    // browser has removed (helmet sets it to 0, i.e. off), and DNS prefetching, which our pages,
    // linking only to themselves, do not trigger. Every header is work on every answer, for the
    // server and for its client, whatever its size.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
  });

  // Answers over 1 KB are compressed when the client accepts it: gzip first, as these answers
  // are made per request (a booking's detail, lists) and on JSON of a few kilobytes gzip is as
  // small as brotli at quality 4 in about half the time (the detail: 1,167 bytes in 27 µs against
  // 1,183 in 48 µs). At its fastest level, with a 4 KB window and a small hash (32 KB of state to
  // set up per answer instead of 256 KB), the 3 KB detail takes 1,309 bytes instead of 1,258 in
  // two thirds of the time (issue 33). The catalogue's answers are compressed once, with brotli
  // at its best, and kept (plugins/catalogue-cache.ts); the web app's files at build time
  // (plugins/web.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['gzip', 'br'],
    zlibOptions: { level: 1, windowBits: 12, memLevel: 5 },
  });
}

/** The API's OpenAPI description, and its pages under /api/docs. */
async function registerDocs(app: App) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cusco Treks API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The catalogue cache, the sessions, the rate limits and the work after an answer. */
async function registerSharedPlugins(app: App, options: AppOptions) {
  await app.register(afterAnswerPlugin);
  await app.register(catalogueCachePlugin, { db: options.db });
  await app.register(authPlugin, { db: options.db });
  await app.register(rateLimitsPlugin, {
    limits: options.config.rateLimits,
    store: rateLimitStore(options),
  });
}

/** The API's routes: a few open to anyone, the rest for signed-in users only. */
function apiRoutes(sandbox: { secret: string } | undefined): FastifyPluginAsync {
  return async (api) => {
    // Open to anyone: health, signing up and in, the public tour page, the gateway's news.
    await api.register(healthRoutes);
    await api.register(publicAuthRoutes);
    await api.register(passwordResetRoutes);
    await api.register(publicTourRoutes);
    await api.register(availabilityRoutes);
    await api.register(complaintRoutes);
    await api.register(notificationRoutes, sandbox ? { sandboxSecret: sandbox.secret } : {});
    // Everything else requires a signed-in user.
    await api.register(signedIn, {
      // Signing out, the profile and the password: every signed-in user's, guides' too.
      everyoneRoutes: [authRoutes, profileRoutes],
      // The customers' (and staff's): a guide's token gets 404 (issue 32).
      routes: [
        tourRoutes,
        bookingRoutes,
        changeRoutes,
        paymentRoutes,
        passengerRoutes,
        serviceRoutes,
        incidentRoutes,
        travelDocumentRoutes,
        documentChangeRoutes,
        receiptRoutes,
        invoiceRoutes,
      ],
    });
    // The guide's app (issue 32): guides only (404 for anyone else signed in).
    await api.register(guideOnly, { routes: [guideRoutes] });
    // The back office: the agency's staff only (404 for anyone else signed in); some of it for
    // administrators only (403 for agents).
    await api.register(staffOnly, {
      routes: [
        adminIncidentRoutes,
        adminStaffNoteRoutes,
        adminMoneyRoutes,
        adminChangeRoutes,
        adminDeskRoutes,
        adminReadRoutes,
        adminCalendarRoutes,
        adminCatalogueRoutes,
        adminDocumentChangeRoutes,
        adminCrewRoutes,
        adminPurchaseRoutes,
        adminReceiptRoutes,
        adminComplaintRoutes,
        adminReceiptActionRoutes,
        adminTrailRoutes,
      ],
      adminRoutes: [
        adminLedgerRoutes,
        adminStaffRoutes,
        adminDepartureRoutes,
        adminCatalogueSaveRoutes,
        adminMailRoutes,
        adminCrewEditRoutes,
        adminExchangeRateRoutes,
        adminResellerRoutes,
        adminBackupRoutes,
      ],
    });
  };
}

/**
 * The background jobs (timers are plugins: they stop cleanly when the app closes). Reconciliation
 * settles payments whose notification was lost; every node may run it, settling is idempotent.
 */
function backgroundJobs(app: FastifyInstance, config: Config): Job[] {
  return [
    ...reconciliationJobs(app, config),
    ...mailJobs(app, config),
    ...receiptJobs(app, config),
    ...receiptSendJobs(app, config),
    ...backupJobs(app),
  ];
}

/** Scheduled backups of the embedded database (ADR 0055); failures are logged by the service. */
function backupJobs(app: FastifyInstance): Job[] {
  if (!app.backups.scheduled) return [];
  return [
    {
      name: 'backups',
      everyMs: scheduleCheckMs(app.backups.config),
      async run() {
        await app.backups.scheduledPass();
      },
    },
  ];
}

/**
 * The receipts' send worker (issue 30): every node claims its own due receipts and voidings
 * (FOR UPDATE SKIP LOCKED) and sends them to the configured issuer.
 */
function receiptSendJobs(app: FastifyInstance, config: Config): Job[] {
  return reportingJob(app, {
    name: 'receipts sender',
    everyMs: config.receipts.intervalSeconds * 1000,
    pass: () => sendDueReceipts(app.receiptSender),
    didWork: (report) => report.accepted + report.rejected + report.retrying + report.givenUp > 0,
    record: (report) => app.telemetry.sendOutcomes('receipts', { ...report }),
    message: 'receipts: sent to the issuer',
  });
}

/**
 * The outbox worker (every node claims its own rows: FOR UPDATE SKIP LOCKED) and the reminder
 * scan (every node may run it: the outbox's unique keys keep each reminder single).
 */
function mailJobs(app: FastifyInstance, config: Config): Job[] {
  return [
    ...reportingJob(app, {
      name: 'outbox',
      everyMs: config.mail.intervalSeconds * 1000,
      pass: () => app.mail.sendDue(),
      didWork: (report) => report.sent + report.retrying + report.failed + report.skipped > 0,
      record: (report) => app.telemetry.sendOutcomes('mail', { ...report }),
      message: 'outbox: mail sent',
    }),
    ...reportingJob(app, {
      name: 'reminders',
      everyMs: config.mail.reminderIntervalMinutes * 60_000,
      pass: () => app.mail.scanReminders(),
      didWork: (report) => report.balance + report.passengerData > 0,
      message: 'reminders added to the outbox',
    }),
  ];
}

/** A job whose pass answers a report, logged when the pass did something; none when `everyMs` is 0. */
function reportingJob<Report>(
  app: FastifyInstance,
  job: {
    name: string;
    everyMs: number;
    pass: () => Promise<Report>;
    didWork: (report: Report) => boolean;
    /** Tells the metrics what the pass did. */
    record?: (report: Report) => void;
    message: string;
  },
): Job[] {
  if (job.everyMs <= 0) return [];
  return [
    {
      name: job.name,
      everyMs: job.everyMs,
      async run() {
        const report = await job.pass();
        job.record?.(report);
        if (job.didWork(report)) app.log.info({ report }, job.message);
      },
    },
  ];
}

function reconciliationJobs(app: FastifyInstance, config: Config): Job[] {
  const { reconcileIntervalSeconds, reconcileAfterSeconds } = config.payments;
  if (reconcileIntervalSeconds <= 0) return [];
  return [
    {
      name: 'payment reconciliation',
      everyMs: reconcileIntervalSeconds * 1000,
      async run() {
        const report = await reconcilePending(app.db, app.gateway, {
          olderThanSeconds: reconcileAfterSeconds,
          onError: (error, attemptId) =>
            app.log.warn({ err: error, attemptId }, 'could not reconcile a payment attempt'),
        });
        if (report.checked > 0) app.log.info({ report }, 'payments reconciled');
        // Every attempt failing is the database being away: back off as a failed pass.
        if (report.checked > 0 && report.failed === report.checked) {
          throw new Error(`all ${report.failed} attempts failed to reconcile`);
        }
      },
    },
  ];
}
