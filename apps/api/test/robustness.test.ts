import { CustomerTypeId, IncidentTypeId, TourFamilyId } from '@cusco/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OCTO_KEY, demoAccounts } from '../src/seed/demo-accounts.ts';
import { bearer, signIn, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookWithSlots } from './support/passengers.ts';

/**
 * No client input may cause a 5xx: every route of the API (read from its own OpenAPI
 * description) is called with arbitrary path parameters, query strings and JSON bodies, signed
 * in, and must answer below 500.
 */
let ctx: TestContext;
let token: string;
/**
 * An administrator's token, for the back office's routes: a customer gets 404 there, and an agent
 * 403 on the administrators' routes before their input is read.
 */
let staffToken: string;
/** The demo guide's token, for the guide's app's routes (issue 32): anyone else gets 404 there. */
let guideToken: string;
let routes: { method: string; path: string }[];
/** Real identifiers of this customer's data, so that random calls reach past "not found". */
let known: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signUpAndIn(ctx.app)).token;
  staffToken = (await signIn(ctx.app, demoAccounts.admin.email, demoAccounts.admin.password)).token;
  guideToken = (await signIn(ctx.app, demoAccounts.guide.email, demoAccounts.guide.password)).token;
  const { code, detail } = await bookWithSlots(ctx.app, token);
  known = [
    code,
    ...detail.passangerRegistry.map((slot) => slot.id),
    ...Object.values(CustomerTypeId),
    ...Object.values(IncidentTypeId),
    ...Object.values(TourFamilyId),
  ];
  const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = [
    ...Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    ),
    // The sandbox gateway's own pages, served by this process but not part of the API's docs.
    { method: 'GET', path: '/sandbox/checkout/{transactionId}' },
    { method: 'POST', path: '/sandbox/checkout/{transactionId}/pay' },
  ];
});
afterAll(() => ctx?.close());

/** Who calls a route: staff the back office, the demo guide the guide's app, else the customer. */
function tokenFor(path: string) {
  if (path.startsWith('/api/admin/')) return staffToken;
  if (path.startsWith('/api/guide/')) return guideToken;
  return token;
}

/** Text no route may choke on: NUL, lone surrogates, control and astral characters, 1 MB. */
const hostileText = () =>
  fc.oneof(
    fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\uDBFF', '🦙\u0007\u001b'),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constant('x'.repeat(1_000_000)),
  );

const segment = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    hostileText().filter((text) => text.length < 2000),
    fc.constantFrom(...known),
    fc.uuid(),
    fc.constantFrom('100401', 'CT-ZZZZZZ', '0', '-1', '%00', '..', 'null', 'sex', 'DocumentType'),
  );
const body = () =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileText(), { maxKeys: 4 }),
    fc.array(fc.oneof(hostileText(), fc.integer(), fc.boolean(), fc.constant(null)), {
      maxLength: 4,
    }),
    fc.record({
      bookingId: fc.oneof(fc.string(), hostileText(), fc.constantFrom(...known)),
      amount: fc.oneof(fc.double(), fc.integer(), fc.string()),
      amountStr: fc.string(),
      typeId: fc.oneof(fc.uuid(), fc.string(), fc.constantFrom(...known)),
      tourId: fc.oneof(fc.uuid(), fc.string()),
      passengerId: fc.oneof(fc.uuid(), fc.constantFrom(...known)),
      quantity: fc.oneof(fc.integer(), fc.double()),
    }),
  );

/** A path segment as a client would send it: a lone surrogate goes as its raw UTF-8-like bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .replace(/[^\uD800-\uDFFF]/g, (char) => encodeURIComponent(char))
      .replace(/[\uD800-\uDFFF]/g, '%ED%A0%80');
  }
}

describe('every route answers arbitrary input with a 4xx, never a 5xx', () => {
  it('covers the API', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('survives random calls', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1000 }),
        segment(),
        body(),
        fc.dictionary(
          fc.string({ maxLength: 10 }),
          fc.oneof(
            fc.string({ maxLength: 20 }),
            hostileText().filter((text) => text.length < 2000),
          ),
          { maxKeys: 3 },
        ),
        async (pick, value, payload, query) => {
          const route = routes[pick % routes.length];
          if (!route) return;
          const url = route.path.replace(/\{[^}]+\}/g, () => encodeSegment(value));
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            query,
            // The back office's routes are fuzzed as staff: a customer only ever gets their 404.
            headers: bearer(tokenFor(route.path)),
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { payload: payload as object }),
          });
          expect(response.statusCode, `${route.method} ${url} → ${response.body}`).toBeLessThan(
            500,
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  it('answers a NUL or a lone surrogate in any body with 400, on every route that takes one', async () => {
    const bodies = routes.filter((route) => route.method !== 'GET' && route.method !== 'DELETE');
    expect(bodies.length).toBeGreaterThan(10);
    for (const route of bodies) {
      const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(known[0] ?? 'x'));
      for (const bad of ['a\u0000b', '\uD800']) {
        const response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            ...bearer(route.path.startsWith('/octo/') ? DEMO_OCTO_KEY : tokenFor(route.path)),
            'content-type': 'application/json',
          },
          // JSON.stringify writes a lone surrogate as the escape "\ud800", as a client would.
          payload: JSON.stringify({ name: bad, bookingId: bad, list: [bad] }),
        });
        expect(response.statusCode, `${route.method} ${url} → ${response.body}`).toBe(400);
      }
    }
  });
});
