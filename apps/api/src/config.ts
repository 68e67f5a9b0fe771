import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api, whether this file runs from src/ (dev, tests) or dist/ (built). */
export const apiRoot = path.resolve(here, '..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(720),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO_DATA: flag.default(true),
  WEB_DIST: z.string().default(path.resolve(apiRoot, '../web/dist')),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'payme']).default('sandbox'),
  PAYMENT_ATTEMPT_TTL_MINUTES: z.coerce.number().int().min(1).default(30),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).default(120),
  NOTIFICATION_TOLERANCE_SECONDS: z.coerce.number().int().min(1).default(300),
  SANDBOX_SECRET: z.string().min(16).default('sandbox-signing-secret-not-for-production'),
  SANDBOX_NOTIFY_URL: z.string().url().optional(),
  PAYME_URL: z
    .string()
    .url()
    .default('https://integracion.alignetsac.com/VPOS2/faces/pages/startPayme.xhtml'),
  PAYME_ACQUIRER_ID: z.string().default(''),
  PAYME_COMMERCE_ID: z.string().default(''),
  PAYME_SECRET_KEY: z.string().default(''),
  PAYME_CURRENCY_CODE: z.enum(['840', '604']).default('840'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  tokenTtlMinutes: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  seedDemoData: boolean;
  webDist: string;
  payments: PaymentsConfig;
};

export interface PaymentsConfig {
  gateway: 'sandbox' | 'payme';
  attemptTtlMinutes: number;
  /** How often the reconciliation job runs (0: never). */
  reconcileIntervalSeconds: number;
  /** How old a pending attempt must be before the job asks the gateway about it. */
  reconcileAfterSeconds: number;
  /** How old a signed notification may be (spec: five minutes). */
  notificationToleranceSeconds: number;
  sandbox: { secret: string; notifyUrl: string | undefined };
  payme: {
    url: string;
    acquirerId: string;
    commerceId: string;
    secretKey: string;
    currencyCode: '840' | '604';
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
  if (
    e.PAYMENT_GATEWAY === 'payme' &&
    !(e.PAYME_ACQUIRER_ID && e.PAYME_COMMERCE_ID && e.PAYME_SECRET_KEY)
  ) {
    throw new Error(
      'Invalid configuration: PAYMENT_GATEWAY=payme needs PAYME_ACQUIRER_ID, PAYME_COMMERCE_ID and PAYME_SECRET_KEY',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemoData: e.SEED_DEMO_DATA,
    webDist: path.resolve(e.WEB_DIST),
    payments: {
      gateway: e.PAYMENT_GATEWAY,
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
        currencyCode: e.PAYME_CURRENCY_CODE,
      },
    },
  };
}
