import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openTestDatabase, testConfig } from './support/app.ts';

describe('GET /api/health and GET /api/ready', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('keeps liveness at 200 while readiness follows the database, its migrations and shut-down', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig() });
    apps.push(app);

    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    // A database missing this build's last migration is not ready.
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const behind = await app.inject({ url: '/api/ready' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().message).toBe('database not migrated');

    app.draining = true;
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    app.draining = false;

    await database.close();
    const down = await app.inject({ url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    // The process is alive: a load balancer must not restart it for its database.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The sandbox's checkout says so in its own HTML page, inside the payment frame.
    const checkout = await app.inject({ url: `/sandbox/checkout/${randomUUID()}` });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.headers['content-type']).toContain('text/html');
    expect(checkout.body).toContain('briefly unavailable');
  });
});
