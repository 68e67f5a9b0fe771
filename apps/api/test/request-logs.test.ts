import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn } from './support/accounts.ts';
import { openTestDatabase, type TestDatabase, testConfig } from './support/app.ts';

/**
 * Request logs (issue 26): each request is logged at info level, in one line, by its method, its
 * route's pattern, its status and its time, never by its URL: a query string (`?q=` holds e-mails
 * and names) or a path's values (booking codes, ids) never reach the logs, nor do its headers.
 */
let database: TestDatabase;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    db: database.db,
    config: testConfig(),
    databaseKind: database.kind,
    logger: { level: 'info', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request logs', () => {
  it('name the route, never the query string, the path values nor the headers', async () => {
    const admin = await signIn(app, demoAccounts.admin.email, demoAccounts.admin.password);
    lines.splice(0);
    const email = 'someone.private@example.com';
    const calls = [
      { url: `/api/admin/bookings?q=${encodeURIComponent(email)}`, status: 200 },
      { url: `/api/admin/mail?q=${email}&kind=password_reset`, status: 200 },
      { url: '/api/tour/booking/CT-PRIVATE9', status: 404 },
      { url: `/api/no-such-route/${email}?q=${email}`, status: 404 },
    ];
    for (const call of calls) {
      const response = await app.inject({ url: call.url, headers: bearer(admin.token) });
      expect(response.statusCode, call.url).toBe(call.status);
    }
    const logged = JSON.stringify(lines);
    for (const secret of [email, encodeURIComponent(email), 'CT-PRIVATE9', admin.token]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('?q=');

    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.res)).toEqual([
      { method: 'GET', route: '/api/admin/bookings', statusCode: 200 },
      { method: 'GET', route: '/api/admin/mail', statusCode: 200 },
      { method: 'GET', route: '/api/tour/booking/:code', statusCode: 404 },
      { method: 'GET', route: null, statusCode: 404 },
    ]);
    for (const line of completed) {
      expect(line.level).toBe(30);
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(line.reqId).toEqual(expect.any(String));
    }
    // One line per request at info: its arrival is written at debug only.
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    app.log.level = 'debug';
    try {
      lines.splice(0);
      await app.inject({ url: `/api/admin/bookings?q=${email}`, headers: bearer(admin.token) });
      const incoming = lines.filter((line) => line.msg === 'incoming request');
      expect(incoming.map((line) => [line.level, line.req])).toEqual([
        [20, { method: 'GET', route: '/api/admin/bookings' }],
      ]);
      expect(JSON.stringify(lines)).not.toContain(email);
    } finally {
      app.log.level = 'info';
    }
  });

  it('log a path no route can read, without the path', async () => {
    lines.splice(0);
    for (const url of ['/api/tour/%E0%A4%A', `/api/tour/booking/CT-${'Q'.repeat(120)}`]) {
      expect((await app.inject({ url })).statusCode).toBeGreaterThanOrEqual(400);
    }
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.res)).toEqual([
      { method: 'GET', route: null, statusCode: 400 },
      { method: 'GET', route: null, statusCode: 414 },
    ]);
    expect(JSON.stringify(lines)).not.toContain('%E0');
    expect(JSON.stringify(lines)).not.toContain('QQQQ');
  });

  it('gives a request its client gave up on a line of its own', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    lines.splice(0);
    // A body announced and never sent whole: the client goes before the answer.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/authentication/login?email=someone.private@example.com HTTP/1.1\r\n' +
        'Host: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    // Gone once the server has the request (its arrival is written at debug).
    app.log.level = 'debug';
    try {
      await expect.poll(() => lines.some((line) => line.msg === 'incoming request')).toBe(true);
    } finally {
      app.log.level = 'info';
    }
    socket.destroy();
    await expect
      .poll(() => lines.filter((line) => line.msg === 'request aborted').length, { timeout: 5000 })
      .toBe(1);
    const [aborted] = lines.filter((line) => line.msg === 'request aborted');
    expect(aborted?.level).toBe(30);
    expect(aborted?.req).toEqual({ method: 'POST', route: '/api/authentication/login' });
    expect(aborted?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(lines)).not.toContain('someone.private');
  });
});
