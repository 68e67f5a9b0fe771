import { CustomerTypeId, IncidentTypeId, TourFamilyId } from '@cusco/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { bookWithSlots } from './support/passengers.ts';

/**
 * No client input may cause a 5xx: every route of the API (read from its own OpenAPI
 * description) is called with arbitrary path parameters, query strings and JSON bodies, signed
 * in, and must answer below 500.
 */
let ctx: TestContext;
let token: string;
let routes: { method: string; path: string }[];
/** Real identifiers of this customer's data, so that random calls reach past "not found". */
let known: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signUpAndIn(ctx.app)).token;
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
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => ctx?.close());

const segment = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(...known),
    fc.uuid(),
    fc.constantFrom('100401', 'CT-ZZZZZZ', '0', '-1', '%00', '..', 'null', 'sex', 'DocumentType'),
  );
const body = () =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record({
      bookingId: fc.oneof(fc.string(), fc.constantFrom(...known)),
      amount: fc.oneof(fc.double(), fc.integer(), fc.string()),
      amountStr: fc.string(),
      typeId: fc.oneof(fc.uuid(), fc.string(), fc.constantFrom(...known)),
      tourId: fc.oneof(fc.uuid(), fc.string()),
      passengerId: fc.oneof(fc.uuid(), fc.constantFrom(...known)),
      quantity: fc.oneof(fc.integer(), fc.double()),
    }),
  );

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
        fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
        async (pick, value, payload, query) => {
          const route = routes[pick % routes.length];
          if (!route) return;
          const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(value));
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            query,
            headers: bearer(token),
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
});
