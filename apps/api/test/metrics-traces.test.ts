import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracingWanted } from '../src/tracing/index.ts';
import { isPostgres, openTestDatabase, type TestDatabase } from './support/app.ts';
import { killServers, type ServerProcess, startServer } from './support/server.ts';

/**
 * OpenTelemetry traces (issue 34, ADR 0054): off unless the OTEL_* variables ask for them; on,
 * the server (started as `npm start` starts it) sends a span per request named by its route
 * pattern, with no path values, and on PostgreSQL a span per query in the same trace, to an
 * OTLP/HTTP receiver (a small one in this test, taking OTLP's JSON encoding).
 */

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const spans: OtlpSpan[] = [];
let receiver: Server;
let receiverUrl: string;
let database: TestDatabase | undefined;
const folders: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of payload.resourceSpans) {
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  if (isPostgres) database = await openTestDatabase();
});
afterAll(async () => {
  killServers();
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes?.find((entry) => entry.key === key)?.value.stringValue;

function serve(env: Record<string, string>): ServerProcess {
  // One data folder for the file's servers, one after the other: only the first creates it.
  if (!database && folders.length === 0)
    folders.push(mkdtempSync(path.join(tmpdir(), 'cusco-otel-')));
  const where: Record<string, string> = database
    ? { DATABASE_URL: database.url ?? '' }
    : // The reference lists only: a faster first start (the demo's tours are not needed).
      { DATA_DIR: folders[0] ?? '', SEED_DEMO_DATA: 'false', PAYMENT_GATEWAY: 'sandbox' };
  return startServer({ RATE_LIMITS: 'false', MAIL_INTERVAL_SECONDS: '0', ...where, ...env });
}

describe('when traces are on', () => {
  it('reads the standard variables: an exporter or an OTLP endpoint turns them on', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'cusco' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(
      tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
    expect(
      tracingWanted({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
  });
});

describe('traces of a running server', () => {
  it('sends a span per request, named by its route, with no path values (and its queries on PostgreSQL)', async () => {
    const server = serve({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'cusco-api-test',
      // The batch goes out every 200 ms instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    const base = await server.ready();
    expect(server.output()).toContain('"tracing":"OpenTelemetry"');
    const id = randomUUID();
    const tour = await fetch(`${base}/api/tour/${id.slice(0, 6)}`);
    await tour.text();
    const signIn = await fetch(`${base}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `${id}@example.com`, password: 'Machu-Picchu-1911' }),
    });
    expect(signIn.status).toBe(401);
    await signIn.text();

    const requestSpan = (route: string) =>
      spans.find((span) => attribute(span, 'http.route') === route && span.name.endsWith(route));
    await expect
      .poll(() => requestSpan('/api/authentication/login'), { timeout: 15_000, interval: 100 })
      .toBeDefined();
    await expect
      .poll(() => requestSpan('/api/tour/:id'), { timeout: 15_000, interval: 100 })
      .toBeDefined();
    const login = requestSpan('/api/authentication/login') as OtlpSpan;
    expect(login.name).toBe('POST /api/authentication/login');
    const tourSpan = requestSpan('/api/tour/:id') as OtlpSpan;
    expect(tourSpan.name).toBe('GET /api/tour/:id');
    // The path's values (the code, the e-mail) are in no span.
    expect(attribute(tourSpan, 'url.path')).toBe('/api/tour/:id');
    expect(JSON.stringify(spans)).not.toContain(id.slice(0, 6));
    expect(JSON.stringify(spans)).not.toContain(id);

    if (isPostgres) {
      // The sign-in's queries (the throttle, the account) are spans of the same trace.
      await expect
        .poll(
          () =>
            spans.filter(
              (span) =>
                span.traceId === login.traceId &&
                (attribute(span, 'db.system') ?? attribute(span, 'db.system.name')) ===
                  'postgresql',
            ).length,
          { timeout: 15_000, interval: 100 },
        )
        .toBeGreaterThanOrEqual(1);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 150_000);

  it('sends nothing without the variables', async () => {
    const before = spans.length;
    const server = serve({});
    const base = await server.ready();
    expect(server.output()).not.toContain('"tracing"');
    const answer = await fetch(`${base}/api/health`);
    expect(answer.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(spans.length).toBe(before);
  }, 150_000);
});
