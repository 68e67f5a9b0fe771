import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, defaultRateLimits, loadConfig } from '../src/config.ts';
import { languageOf } from '../src/lib/language.ts';
import { isPostgres } from './support/app.ts';

describe.runIf(!isPostgres)('loadConfig', () => {
  it('answers the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 10,
      databaseTimeouts: { connectMs: 5000, statementMs: 15_000, idleInTransactionMs: 30_000 },
      shutdownTimeoutSeconds: 15,
      tokenTtlMinutes: 720,
      loginMaxFailures: 5,
      loginAddressMaxFailures: 100,
      loginWindowMinutes: 15,
      trustProxy: 0,
      seedDemoData: true,
      redisUrl: undefined,
      rateLimits: { enabled: true, ...defaultRateLimits },
    });
    expect(config.payments).toMatchObject({
      gateway: 'sandbox',
      attemptTtlMinutes: 30,
      reconcileIntervalSeconds: 60,
      reconcileAfterSeconds: 120,
      sandbox: { secret: undefined },
    });
  });

  it('keeps mail in the database, with links to this server, when nothing about mail is set', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: DEFAULT_MAIL_FROM,
      operationsEmail: undefined,
      publicUrl: 'http://localhost:3000',
      publicUrlSet: false,
      intervalSeconds: 5,
      maxAttempts: 10,
      retrySeconds: 60,
      reminderIntervalMinutes: 60,
    });
    expect(loadConfig({ PORT: '8080' }).mail.publicUrl).toBe('http://localhost:8080');
  });

  it('reads the mail settings', () => {
    const mail = loadConfig({
      SMTP_URL: 'smtps://bookings%40agency.pe:s3cret@smtp.agency.pe:465',
      MAIL_FROM: 'Cusco Treks <bookings@agency.pe>',
      AGENCY_OPERATIONS_EMAIL: 'Operations@Agency.pe',
      PUBLIC_URL: 'https://book.agency.pe/',
      MAIL_INTERVAL_SECONDS: '0',
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_RETRY_SECONDS: '30',
      REMINDER_SCAN_INTERVAL_MINUTES: '0',
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://bookings%40agency.pe:s3cret@smtp.agency.pe:465',
      from: 'Cusco Treks <bookings@agency.pe>',
      operationsEmail: 'operations@agency.pe',
      publicUrl: 'https://book.agency.pe',
      publicUrlSet: true,
      intervalSeconds: 0,
      maxAttempts: 3,
      retrySeconds: 30,
      reminderIntervalMinutes: 0,
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.agency.pe' }, /SMTP_URL must look like smtp:\/\//],
    [{ SMTP_URL: 'smtp://mail.agency.pe:25' }, /MAIL_FROM must be set/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM must be an address/],
    [{ AGENCY_OPERATIONS_EMAIL: 'ops' }, /AGENCY_OPERATIONS_EMAIL must be an e-mail address/],
    [{ PUBLIC_URL: 'book.agency.pe' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://book.agency.pe' }, /PUBLIC_URL must start with http/],
    [{ MAIL_MAX_ATTEMPTS: '0' }, /MAIL_MAX_ATTEMPTS/],
    [{ MAIL_INTERVAL_SECONDS: '-1' }, /MAIL_INTERVAL_SECONDS/],
  ])('refuses the mail setting %j', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('scales every rate limit with RATE_LIMIT_SCALE', () => {
    const limits = loadConfig({ RATE_LIMIT_SCALE: '2.5' }).rateLimits;
    expect(limits.signUp.perAddress).toBe(defaultRateLimits.signUp.perAddress * 2.5);
    expect(limits.booking.perUser).toBe((defaultRateLimits.booking.perUser ?? 0) * 2.5);
    expect(loadConfig({ RATE_LIMIT_SCALE: '0.1' }).rateLimits.signUp.perAddress).toBe(2);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
  });

  it('lets a real install (no demo data) choose the sandbox only on purpose', () => {
    expect(
      loadConfig({ SEED_DEMO_DATA: 'false', PAYMENT_GATEWAY: 'sandbox' }).payments.gateway,
    ).toBe('sandbox');
  });

  it('reads flags and numbers, and ignores empty values', () => {
    const config = loadConfig({
      PORT: '8080',
      SEED_DEMO_DATA: 'no',
      PAYMENT_GATEWAY: 'sandbox',
      RATE_LIMITS: '0',
      DATABASE_URL: '',
      DATABASE_STATEMENT_TIMEOUT_MS: '2500',
    });
    expect(config.port).toBe(8080);
    expect(config.seedDemoData).toBe(false);
    expect(config.rateLimits.enabled).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseTimeouts.statementMs).toBe(2500);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ SANDBOX_SECRET: 'short' }, /at least 32 characters/],
    [{ PAYMENT_GATEWAY: 'payme' }, /needs PAYME_ACQUIRER_ID/],
    [{ REDIS_URL: 'http://cache' }, /REDIS_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SEED_DEMO_DATA: 'false' }, /PAYMENT_GATEWAY must be set/],
  ])('refuses %j with a readable message', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });
});

describe.runIf(!isPostgres)('languageOf', () => {
  const of = (header?: string) =>
    languageOf({ headers: header === undefined ? {} : { 'accept-language': header } });

  it.each([
    [undefined, 'en'],
    ['es', 'es'],
    ['es-PE,es;q=0.9,en;q=0.8', 'es'],
    ['en-GB', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr-FR,es;q=0.8', 'es'],
    ['', 'en'],
  ])('reads %j as %s', (header, language) => {
    expect(of(header)).toBe(language);
  });

  it('follows the quality values, not only the order', () => {
    expect(of('en;q=0.1, es;q=0.9')).toBe('es');
    expect(of('es;q=0, en')).toBe('en');
  });
});
