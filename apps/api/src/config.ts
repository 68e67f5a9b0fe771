import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidRuc } from '@cusco/shared';
import * as z from 'zod/mini';

// As packages/shared does: zod/mini sets no locale, and a configuration error keeps zod's English.
if (!z.config().localeError) z.config(z.locales.en());

/**
 * The default install's RUC: a made-up one whose check digit is valid, so that the demo issues
 * receipts; SUNAT knows no such taxpayer (docs/receipts.md: going live).
 */
export const DEMO_AGENCY_RUC = '20600000013';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api, whether this file runs from src/ (dev, tests) or dist/ (built). */
export const apiRoot = path.resolve(here, '..');

const flag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

/** The sandbox secret earlier versions shipped as a default: public, so never accepted. */
export const RETIRED_SANDBOX_SECRET = 'sandbox-signing-secret-not-for-production';

/**
 * TRUST_PROXY: which proxies in front of the API to believe in X-Forwarded-For. `false` (or 0)
 * believes none; a number, that many hops (`true` is one: a single load balancer); or the
 * proxies' addresses or CIDR ranges, comma-separated (the safest: a client that reaches the API
 * directly cannot pose as a proxy).
 */
const trustProxy = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'TRUST_PROXY must be true, false, a number of proxies or a list of proxy addresses',
      ),
    ),
  z.transform((value): number | string[] => {
    if (value === 'true') return 1;
    if (value === 'false') return 0;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((part) => part.trim());
  }),
);

const envSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535)), 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATA_DIR: z._default(z.string(), './data'),
  /** Scheduled backups of the embedded database (ADR 0055): where, how often, how many kept. */
  BACKUP_DIR: z.optional(z.string().check(z.minLength(1))),
  BACKUP_INTERVAL_HOURS: z._default(z.coerce.number().check(z.minimum(0), z.maximum(24 * 366)), 24),
  BACKUP_KEEP: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 7),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')),
  ),
  DATABASE_POOL_SIZE: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 10),
  DATABASE_CONNECT_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100)), 5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(100)),
    15_000,
  ),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(100)),
    30_000,
  ),
  SHUTDOWN_TIMEOUT_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 15),
  TOKEN_TTL_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 720),
  LOGIN_MAX_FAILURES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 5),
  LOGIN_ADDRESS_MAX_FAILURES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 100),
  LOGIN_WINDOW_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 15),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  TRUST_PROXY: z._default(trustProxy, 0),
  RATE_LIMITS: z._default(flag, true),
  RATE_LIMIT_SCALE: z._default(z.coerce.number().check(z.minimum(0.1), z.maximum(1000)), 1),
  REDIS_URL: z.optional(
    z.string().check(z.regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')),
  ),
  SEED_DEMO_DATA: z._default(flag, true),
  WEB_DIST: z._default(z.string(), path.resolve(apiRoot, '../web/dist')),
  PAYMENT_GATEWAY: z.optional(z.enum(['sandbox', 'payme'])),
  PAYMENT_ATTEMPT_TTL_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 30),
  RECONCILE_INTERVAL_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 60),
  RECONCILE_AFTER_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 120),
  NOTIFICATION_TOLERANCE_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 300),
  SANDBOX_SECRET: z.optional(
    z.string().check(
      z.minLength(32, 'SANDBOX_SECRET must have at least 32 characters'),
      z.refine((value) => value !== RETIRED_SANDBOX_SECRET, {
        message: 'SANDBOX_SECRET is the value older versions shipped as a default, which is public',
      }),
    ),
  ),
  SANDBOX_NOTIFY_URL: z.optional(z.string().check(z.url())),
  PAYME_URL: z._default(
    z.string().check(z.url()),
    'https://integracion.alignetsac.com/VPOS2/faces/pages/startPayme.xhtml',
  ),
  PAYME_ACQUIRER_ID: z._default(z.string(), ''),
  PAYME_COMMERCE_ID: z._default(z.string(), ''),
  PAYME_SECRET_KEY: z._default(z.string(), ''),
  PAYME_CURRENCY_CODE: z.optional(
    z.string().check(
      z.refine((value) => value === '840', {
        message:
          'the catalogue is priced in US dollars (840); charging its prices in another currency (604, soles) would take the wrong amount',
      }),
    ),
  ),
  SMTP_URL: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^smtps?:\/\/[^/]/,
          'SMTP_URL must look like smtp://user:pass@host:port or smtps://…',
        ),
      ),
  ),
  MAIL_FROM: z.optional(
    z
      .string()
      .check(
        z.maxLength(200),
        z.regex(
          /^[^\r\n]*@[^\r\n]*$/,
          'MAIL_FROM must be an address, e.g. Cusco Treks <bookings@agency.pe>',
        ),
      ),
  ),
  AGENCY_OPERATIONS_EMAIL: z.optional(z.email('AGENCY_OPERATIONS_EMAIL must be an e-mail address')),
  PUBLIC_URL: z.optional(
    z
      .url('PUBLIC_URL must be the address customers open, e.g. https://book.agency.pe')
      .check(z.regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://')),
  ),
  MAIL_INTERVAL_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 5),
  MAIL_MAX_ATTEMPTS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
  MAIL_RETRY_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 60),
  REMINDER_SCAN_INTERVAL_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 60),
  // Receipts (issue 30, docs/receipts.md): the issuer of the agency, its certificate, its series.
  AGENCY_RUC: z._default(
    z
      .string()
      .check(z.refine(isValidRuc, 'AGENCY_RUC must be an 11-digit RUC with a valid check digit')),
    DEMO_AGENCY_RUC,
  ),
  AGENCY_LEGAL_NAME: z._default(
    z.string().check(z.minLength(1), z.maxLength(200)),
    'CUSCO TREKS S.A.C.',
  ),
  AGENCY_TRADE_NAME: z._default(z.string().check(z.minLength(1), z.maxLength(200)), 'Cusco Treks'),
  AGENCY_ADDRESS: z._default(
    z.string().check(z.minLength(1), z.maxLength(200)),
    'Av. El Sol 123, Cusco, Cusco, Cusco',
  ),
  /** INEI's six-digit code of the fiscal address's district (080101: Cusco, Cusco, Cusco). */
  AGENCY_UBIGEO: z._default(
    z.string().check(z.regex(/^\d{6}$/, 'AGENCY_UBIGEO must be six digits')),
    '080101',
  ),
  /** SUNAT's annex code of the establishment the receipts are issued from (0000: the main). */
  AGENCY_ESTABLISHMENT: z._default(z.string().check(z.regex(/^\d{4}$/)), '0000'),
  RECEIPT_SERIES_FACTURA: z._default(
    z.string().check(z.regex(/^F[A-Z0-9]{3}$/, 'RECEIPT_SERIES_FACTURA must look like F001')),
    'F001',
  ),
  RECEIPT_SERIES_BOLETA: z._default(
    z.string().check(z.regex(/^B[A-Z0-9]{3}$/, 'RECEIPT_SERIES_BOLETA must look like B001')),
    'B001',
  ),
  RECEIPT_SERIES_FACTURA_NOTE: z._default(
    z.string().check(z.regex(/^F[A-Z0-9]{3}$/, 'RECEIPT_SERIES_FACTURA_NOTE must look like FC01')),
    'FC01',
  ),
  RECEIPT_SERIES_BOLETA_NOTE: z._default(
    z.string().check(z.regex(/^B[A-Z0-9]{3}$/, 'RECEIPT_SERIES_BOLETA_NOTE must look like BC01')),
    'BC01',
  ),
  /** local: kept in the database (the default); nubefact: a PSE's JSON API with a token. */
  RECEIPT_PROVIDER: z._default(z.enum(['local', 'nubefact']), 'local'),
  NUBEFACT_URL: z.optional(z.url('NUBEFACT_URL must be the route URL the PSE gave the agency')),
  NUBEFACT_TOKEN: z.optional(z.string().check(z.minLength(1))),
  /** The agency's signing certificate: a PKCS#12 file (.pfx/.p12) and its password. */
  RECEIPT_CERTIFICATE_FILE: z.optional(z.string().check(z.minLength(1))),
  RECEIPT_CERTIFICATE_PASSWORD: z.optional(z.string()),
  RECEIPT_INTERVAL_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 5),
  RECEIPT_MAX_ATTEMPTS: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)),
    12,
  ),
  RECEIPT_RETRY_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 60),
  /**
   * The bearer token of GET /metrics (issue 34, ADR 0054): set, the Prometheus metrics are served
   * to whoever shows it; unset, there is no /metrics (404).
   */
  METRICS_TOKEN: z.optional(
    z
      .string()
      .check(
        z.minLength(32, 'METRICS_TOKEN must have at least 32 characters'),
        z.maxLength(256, 'METRICS_TOKEN must have at most 256 characters'),
        z.regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces'),
      ),
  ),
  /**
   * The key that signs vouchers' QR codes (issue 32, docs/voucher-codes.md): an ECDSA P-256
   * private key, PKCS #8 PEM (line breaks may be written as \n). Unset: one is generated on first
   * start and kept in the database.
   */
  VOUCHER_SIGNING_KEY: z.optional(
    z.pipe(
      z.string().check(
        z.refine((value) => voucherKeyProblem(value) === null, {
          error: 'VOUCHER_SIGNING_KEY must be an ECDSA P-256 private key in PKCS #8 PEM',
        }),
      ),
      z.transform((value) => value.replaceAll('\\n', '\n').trim()),
    ),
  ),
  /**
   * The agency's emergency numbers a guide takes to the trail (issue 32): "Name=+51 …" entries
   * separated by ";". Unset: the agency's phone, the police (105) and the fire brigade (116).
   */
  EMERGENCY_PHONES: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.regex(
            /^\s*[^=;]{1,80}=[^=;]{1,40}(\s*;\s*[^=;]{1,80}=[^=;]{1,40})*\s*;?\s*$/,
            'EMERGENCY_PHONES must be "Name=phone; Name=phone"',
          ),
        ),
      z.transform((value) =>
        value
          .split(';')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => {
            const [name = '', phone = ''] = entry.split('=');
            return { name: name.trim(), phone: phone.trim() };
          }),
      ),
    ),
  ),
});

/** Why a configured voucher key is not usable (null when it is): P-256, PKCS #8 PEM. */
export function voucherKeyProblem(value: string): string | null {
  try {
    const key = createPrivateKey({ key: value.replaceAll('\\n', '\n').trim(), format: 'pem' });
    if (key.asymmetricKeyType !== 'ec') return 'not an EC key';
    if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return 'not a P-256 key';
    return null;
  } catch {
    return 'not a PEM private key';
  }
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Backups (ADR 0055): the folder, and the embedded database's schedule. */
  backups: BackupsConfig;
  databasePoolSize: number;
  /** Bounded waits on PostgreSQL (README, "Configuration"). */
  databaseTimeouts: DatabaseTimeouts;
  /** How long a SIGTERM waits for requests in flight and jobs before the process gives up. */
  shutdownTimeoutSeconds: number;
  tokenTtlMinutes: number;
  /** Failed sign-ins to one account before each further attempt waits longer (then 429). */
  loginMaxFailures: number;
  /** Failed sign-ins from one address, across accounts, before it gets 429. */
  loginAddressMaxFailures: number;
  loginWindowMinutes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Proxies to believe in X-Forwarded-For: a number of hops (0: none) or their addresses. */
  trustProxy: number | string[];
  rateLimits: RateLimitsConfig;
  /** A Redis server for the rate limits' counters, shared by every API node. */
  redisUrl: string | undefined;
  seedDemoData: boolean;
  webDist: string;
  payments: PaymentsConfig;
  mail: MailConfig;
  receipts: ReceiptsConfig;
  /** The guide's app and the signed vouchers (issue 32). */
  trail: TrailConfig;
  /** GET /metrics (issue 34): served only with this bearer token; undefined, not at all. */
  metrics: { token: string | undefined };
};

export interface BackupsConfig {
  /** BACKUP_DIR; by default `backups` beside the data folder. */
  folder: string;
  /** BACKUP_INTERVAL_HOURS: how old the newest backup may get before the next (0: none). */
  intervalHours: number;
  /** BACKUP_KEEP: the newest backups kept in the folder; older ones are deleted. */
  keep: number;
}

export interface TrailConfig {
  /** VOUCHER_SIGNING_KEY (PKCS #8 PEM), or undefined: the database's own key. */
  voucherSigningKey: string | undefined;
  /** EMERGENCY_PHONES, or undefined: the built-in list (modules/trail/emergency.ts). */
  emergencyPhones: { name: string; phone: string }[] | undefined;
}

/** E-mail (issue 15): where it goes, who sends it, and how often the background jobs run. */
/** The receipts' issuer (issue 30): who issues, in which series, signed with what, sent where. */
export interface ReceiptsConfig {
  agency: {
    ruc: string;
    legalName: string;
    tradeName: string;
    address: string;
    ubigeo: string;
    establishment: string;
  };
  series: { factura: string; boleta: string; facturaNote: string; boletaNote: string };
  provider: 'local' | 'nubefact';
  nubefact: { url: string | undefined; token: string | undefined };
  /** The agency's PKCS#12 certificate; without it a test certificate is made and kept. */
  certificate: { file: string; password: string } | undefined;
  intervalSeconds: number;
  maxAttempts: number;
  retrySeconds: number;
}

export interface MailConfig {
  /** SMTP_URL: mail goes there; unset, it is kept in the database (the dev mailbox). */
  smtpUrl: string | undefined;
  /** The sender of every message. */
  from: string;
  /** Gets a copy of each corporate booking's confirmation; unset, no copy is sent. */
  operationsEmail: string | undefined;
  /** The address links in e-mails start with (no trailing slash). */
  publicUrl: string;
  /** False when PUBLIC_URL was not set (a warning at start-up in production). */
  publicUrlSet: boolean;
  /** How often the outbox worker looks for mail to send (0: never; tests run it by hand). */
  intervalSeconds: number;
  /** Failed sends of one message before it is given up (status failed). */
  maxAttempts: number;
  /** The wait after a first failure; it doubles with each further failure (at most 6 hours). */
  retrySeconds: number;
  /** How often the reminder scan runs (0: never): it adds the reminders due today, once each. */
  reminderIntervalMinutes: number;
}

/** The sender when MAIL_FROM is unset: mail kept in the database only, so never seen outside. */
export const DEFAULT_MAIL_FROM = 'Cusco Treks <no-reply@cusco-treks.localhost>';

export interface DatabaseTimeouts {
  /** Waiting for a connection (a new one, or a free one from a full pool). */
  connectMs: number;
  /** One statement (PostgreSQL's statement_timeout). */
  statementMs: number;
  /** A transaction left open without a statement (idle_in_transaction_session_timeout). */
  idleInTransactionMs: number;
}

/** One rate limit: at most `perUser` requests per signed-in user and `perAddress` per address. */
export interface RateLimit {
  perUser?: number;
  perAddress: number;
  windowSeconds: number;
}

/** The product's limits on what one user or address may create (docs/security.md). */
export interface RateLimitsConfig {
  enabled: boolean;
  signUp: RateLimit;
  booking: RateLimit;
  upload: RateLimit;
  payment: RateLimit;
  request: RateLimit;
  /** "Forgot your password?" requests (issue 15), per address. */
  passwordReset: RateLimit;
  /** Sign-in links exchanged for a session (issue 28), per address. */
  signInLink: RateLimit;
  /** Sheets of the complaints book (issue 30), per address: the public form, no account. */
  complaint: RateLimit;
  /** Scrapes of /metrics refused for a missing or wrong token (issue 34), per address. */
  metricsRefusal: RateLimit;
}

export const defaultRateLimits: Omit<RateLimitsConfig, 'enabled'> = {
  signUp: { perAddress: 20, windowSeconds: 3600 },
  booking: { perUser: 20, perAddress: 100, windowSeconds: 3600 },
  upload: { perUser: 60, perAddress: 300, windowSeconds: 3600 },
  payment: { perUser: 30, perAddress: 150, windowSeconds: 3600 },
  request: { perUser: 30, perAddress: 150, windowSeconds: 3600 },
  passwordReset: { perAddress: 10, windowSeconds: 3600 },
  signInLink: { perAddress: 30, windowSeconds: 3600 },
  complaint: { perAddress: 5, windowSeconds: 3600 },
  metricsRefusal: { perAddress: 30, windowSeconds: 3600 },
};

/** The default limits times a factor (RATE_LIMIT_SCALE), at least one request each. */
function scaledRateLimits(scale: number): Omit<RateLimitsConfig, 'enabled'> {
  const times = (count: number) => Math.max(1, Math.round(count * scale));
  return Object.fromEntries(
    Object.entries(defaultRateLimits).map(([name, limit]) => [
      name,
      {
        ...limit,
        perAddress: times(limit.perAddress),
        ...(limit.perUser ? { perUser: times(limit.perUser) } : {}),
      },
    ]),
  ) as Omit<RateLimitsConfig, 'enabled'>;
}

export interface PaymentsConfig {
  gateway: 'sandbox' | 'payme';
  attemptTtlMinutes: number;
  /** How often the reconciliation job runs (0: never). */
  reconcileIntervalSeconds: number;
  /** How old a pending attempt must be before the job asks the gateway about it. */
  reconcileAfterSeconds: number;
  /** How old a signed notification may be (spec: five minutes). */
  notificationToleranceSeconds: number;
  /** The signing secret; when unset, one is generated per installation (payments/secret.ts). */
  sandbox: { secret: string | undefined; notifyUrl: string | undefined };
  payme: {
    url: string;
    acquirerId: string;
    commerceId: string;
    secretKey: string;
  };
}

/** Reads the configuration from the environment; throws a readable error for a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // The test gateway is the default of the demo install only: a real one (no demo data) must
  // say which gateway takes its money, so that forgetting it never lets test cards pay.
  if (!e.PAYMENT_GATEWAY && !e.SEED_DEMO_DATA) {
    throw new Error(
      'Invalid configuration: PAYMENT_GATEWAY must be set (payme, or sandbox for a test install) when SEED_DEMO_DATA=false',
    );
  }
  const gateway = e.PAYMENT_GATEWAY ?? 'sandbox';
  if (gateway === 'payme' && !(e.PAYME_ACQUIRER_ID && e.PAYME_COMMERCE_ID && e.PAYME_SECRET_KEY)) {
    throw new Error(
      'Invalid configuration: PAYMENT_GATEWAY=payme needs PAYME_ACQUIRER_ID, PAYME_COMMERCE_ID and PAYME_SECRET_KEY',
    );
  }
  // A real SMTP server needs a real sender: never send under the placeholder.
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new Error(
      'Invalid configuration: MAIL_FROM must be set (e.g. Cusco Treks <bookings@agency.pe>) when SMTP_URL is set',
    );
  }
  // A PSE takes receipts only with the route and token it gave the agency.
  if (e.RECEIPT_PROVIDER === 'nubefact' && (!e.NUBEFACT_URL || !e.NUBEFACT_TOKEN)) {
    throw new Error(
      'Invalid configuration: NUBEFACT_URL and NUBEFACT_TOKEN must be set when RECEIPT_PROVIDER is nubefact',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    backups: {
      folder: path.resolve(e.BACKUP_DIR ?? path.join(path.resolve(e.DATA_DIR), '..', 'backups')),
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
    },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginAddressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { enabled: e.RATE_LIMITS, ...scaledRateLimits(e.RATE_LIMIT_SCALE) },
    redisUrl: e.REDIS_URL,
    seedDemoData: e.SEED_DEMO_DATA,
    webDist: path.resolve(e.WEB_DIST),
    payments: {
      gateway,
      attemptTtlMinutes: e.PAYMENT_ATTEMPT_TTL_MINUTES,
      reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
      reconcileAfterSeconds: e.RECONCILE_AFTER_SECONDS,
      notificationToleranceSeconds: e.NOTIFICATION_TOLERANCE_SECONDS,
      sandbox: { secret: e.SANDBOX_SECRET, notifyUrl: e.SANDBOX_NOTIFY_URL },
      payme: {
        url: e.PAYME_URL,
        acquirerId: e.PAYME_ACQUIRER_ID,
        commerceId: e.PAYME_COMMERCE_ID,
        secretKey: e.PAYME_SECRET_KEY,
      },
    },
    receipts: {
      agency: {
        ruc: e.AGENCY_RUC,
        legalName: e.AGENCY_LEGAL_NAME,
        tradeName: e.AGENCY_TRADE_NAME,
        address: e.AGENCY_ADDRESS,
        ubigeo: e.AGENCY_UBIGEO,
        establishment: e.AGENCY_ESTABLISHMENT,
      },
      series: {
        factura: e.RECEIPT_SERIES_FACTURA,
        boleta: e.RECEIPT_SERIES_BOLETA,
        facturaNote: e.RECEIPT_SERIES_FACTURA_NOTE,
        boletaNote: e.RECEIPT_SERIES_BOLETA_NOTE,
      },
      provider: e.RECEIPT_PROVIDER,
      nubefact: { url: e.NUBEFACT_URL, token: e.NUBEFACT_TOKEN },
      certificate: e.RECEIPT_CERTIFICATE_FILE
        ? {
            file: path.resolve(e.RECEIPT_CERTIFICATE_FILE),
            password: e.RECEIPT_CERTIFICATE_PASSWORD ?? '',
          }
        : undefined,
      intervalSeconds: e.RECEIPT_INTERVAL_SECONDS,
      maxAttempts: e.RECEIPT_MAX_ATTEMPTS,
      retrySeconds: e.RECEIPT_RETRY_SECONDS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      operationsEmail: e.AGENCY_OPERATIONS_EMAIL?.toLowerCase(),
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      publicUrlSet: e.PUBLIC_URL !== undefined,
      intervalSeconds: e.MAIL_INTERVAL_SECONDS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      reminderIntervalMinutes: e.REMINDER_SCAN_INTERVAL_MINUTES,
    },
    trail: { voucherSigningKey: e.VOUCHER_SIGNING_KEY, emergencyPhones: e.EMERGENCY_PHONES },
    metrics: { token: e.METRICS_TOKEN },
  };
}
