import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_TAG } from '../src/plugins/auth.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * The administrators' scope (plugins/auth.ts `adminOnly`), beside the staff's: every route in it
 * answers an agent 403 before anything else (an empty or malformed body included: nothing is
 * validated, read or written for them), a customer the staff scope's 404, and an administrator
 * something else than either. Every other back-office route serves agents. The lists come from
 * the API's own description, so a route cannot join one scope or the other unseen.
 */
let ctx: TestContext;
let routes: { route: string; adminOnly: boolean }[];
let agent: string;
let admin: string;
let customer: string;
/** A guide (issue 32): not staff, so every back-office route is 404 for them. */
let guide: string;

beforeAll(async () => {
  ctx = await createTestApp();
  agent = (await signIn(ctx.app, demoAccounts.agent.email, demoAccounts.agent.password)).token;
  admin = (await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  customer = (await signUpAndIn(ctx.app)).token;
  guide = (await signIn(ctx.app, demoAccounts.guide.email, demoAccounts.guide.password)).token;
  const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  routes = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        adminOnly: (operation.tags ?? []).includes(ADMIN_ONLY_TAG),
      })),
    );
});
afterAll(() => ctx?.close());

/** A call of a documented route, its path parameters filled with made-up values. */
function call(route: string, token: string) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path
    .replace('{tourCode}', '100401')
    .replace('{date}', '2031-05-06')
    .replace('{code}', '100401')
    .replace('{index}', '0')
    .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(method === 'GET' ? {} : { payload: { nonsense: true } }),
  });
}

describe("the administrators' scope", () => {
  it('holds the money given back or taken off, departures, catalogue saves, staff, mailbox, resellers and backups', () => {
    const held = routes.filter((route) => route.adminOnly).map((route) => route.route);
    expect(held.sort()).toEqual(
      [
        'POST /api/admin/bookings/{code}/discounts',
        'POST /api/admin/bookings/{code}/additions',
        'POST /api/admin/payments/{attemptId}/refund',
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'PUT /api/admin/departures/{tourCode}/{date}',
        'POST /api/admin/tours/{id}/departures',
        'GET /api/admin/mail',
        'GET /api/admin/mail/{id}',
        'GET /api/admin/mail/{id}/attachments/{index}',
        'POST /api/admin/crew',
        'PUT /api/admin/crew/{id}',
        'PUT /api/admin/exchange-rates',
        'GET /api/admin/resellers',
        'PUT /api/admin/resellers/{id}',
        'POST /api/admin/resellers/{id}/keys',
        'DELETE /api/admin/resellers/{id}/keys/{keyId}',
        // The server's backups (issue 34, ADR 0055).
        'GET /api/admin/backups',
        'POST /api/admin/backups',
        ...routes
          .filter((route) => route.route.startsWith('PUT /api/admin/tours/{code}/'))
          .map((route) => route.route),
      ].sort(),
    );
    expect(
      held.filter((route) => route.startsWith('PUT /api/admin/tours/')).length,
    ).toBeGreaterThan(5);
  });

  it('answers an agent 403 on each of its routes, whatever the body, and a customer or a guide 404', async () => {
    for (const { route } of routes.filter((route) => route.adminOnly)) {
      const refused = await call(route, agent);
      expect(refused.statusCode, route).toBe(403);
      expect(refused.json().code, route).toBe('FORBIDDEN');
      expect((await call(route, customer)).statusCode, route).toBe(404);
      expect((await call(route, guide)).statusCode, route).toBe(404);
    }
  });

  it('lets an administrator through to the route itself', async () => {
    for (const { route } of routes.filter((route) => route.adminOnly)) {
      const answered = await call(route, admin);
      expect([401, 403], `${route}: ${answered.body}`).not.toContain(answered.statusCode);
    }
  });

  it('leaves every other back-office route to agents too', async () => {
    const others = routes.filter((route) => !route.adminOnly);
    expect(others.length).toBeGreaterThan(10);
    for (const { route } of others) {
      const answered = await call(route, agent);
      expect([401, 403], `${route}: ${answered.body}`).not.toContain(answered.statusCode);
      // A guide is not staff: the back office does not exist for them (issue 32).
      expect((await call(route, guide)).statusCode, route).toBe(404);
    }
  });
});
