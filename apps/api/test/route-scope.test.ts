import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';

/**
 * Safety by structure: every API route requires a signed-in user unless it is on this list. A
 * route added outside the signed-in scope (plugins/auth.ts `signedIn`) fails this test until it
 * is added here on purpose.
 */
const openToAnyone = [
  'GET /api/health',
  'GET /api/ready',
  'POST /api/authentication/client/register',
  'POST /api/authentication/login',
  'GET /api/tour/{id}',
  'GET /api/tour/{id}/availability',
  'GET /api/tour/catalogue',
  'GET /api/common/countries',
  'POST /api/payments/notify/sandbox',
  // "Forgot your password?" and the reset link (issue 15): for those who cannot sign in.
  'POST /api/authentication/password/forgot',
  'POST /api/authentication/password/reset',
  // Guest checkout and the sign-in link of a guest's booking e-mail (issue 28, ADR 0039).
  'POST /api/authentication/guest',
  'POST /api/authentication/link',
  // The complaints book (issue 30): the law wants it open to any consumer, with no account.
  'GET /api/complaints/book',
  'POST /api/complaints',
];

let ctx: TestContext;
let routes: { route: string; secured: boolean }[];
beforeAll(async () => {
  ctx = await createTestApp();
  const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      secured: (operation.security ?? []).length > 0,
    })),
  );
});
afterAll(() => ctx?.close());

describe('the signed-in scope', () => {
  it('holds every API route but those open to anyone', () => {
    const open = routes.filter((route) => !route.secured).map((route) => route.route);
    expect(open.sort()).toEqual([...openToAnyone].sort());
  });

  it('documents every route it holds as needing a bearer token, and refuses them without one', async () => {
    const secured = routes.filter((route) => route.secured);
    expect(secured.length).toBeGreaterThan(25);
    for (const { route } of secured) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await ctx.app.inject({ method: method as 'GET', url });
      expect(response.statusCode, route).toBe(401);
    }
  });
});
