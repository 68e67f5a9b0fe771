import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openTestDatabase, testConfig } from './support/app.ts';

describe('GET /api/health', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('answers 200 while the database answers, and 503 once it does not', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ db: database.db, config: testConfig() });
    apps.push(app);

    const healthy = await app.inject({ url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok' });

    await database.close();
    const unhealthy = await app.inject({ url: '/api/health' });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toMatchObject({ statusCode: 503 });
  });
});
