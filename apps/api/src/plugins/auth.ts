import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { SessionCache, type SessionCacheOptions } from '../modules/users/session-cache.ts';
import {
  type AuthenticatedUser,
  extendStaffSession,
  isGuide,
  isStaff,
} from '../modules/users/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the `authenticate` hook, which refuses a request without one. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The sessions of recent requests (drop a user's after signing out or changing their data). */
    sessions: SessionCache;
  }
}

/** The bearer token of a request, if it carries one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

export const authPlugin = fp(
  async (app, options: { db: Database; sessions?: SessionCacheOptions }) => {
    const sessions = new SessionCache(options.db, app.log, options.sessions);
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', 'notSignedIn');
      const user = await sessions.find(token);
      if (!user) throw new AppError('UNAUTHENTICATED', 'sessionExpired');
      request.user = user;
    });
  },
  { name: 'auth' },
);

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'notSignedIn');
  return request.user;
}

/**
 * The scope of the signed-in routes: every route registered inside it requires a valid bearer
 * token (the hook runs before anything else) and is documented as such in OpenAPI. A route
 * added here cannot forget either; a test lists every route outside it against an allow-list.
 * `routes` are the customers' (and staff's): a guide's token gets 404 there, as if they did not
 * exist (issue 32: a guide books nothing, sees no booking); `everyoneRoutes` (signing out, the
 * profile and password) serve every signed-in user, guides too.
 */
export const signedIn: FastifyPluginAsync<{
  routes: FastifyPluginAsync[];
  everyoneRoutes?: FastifyPluginAsync[];
}> = async (app, options) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
  for (const routes of options.everyoneRoutes ?? []) await app.register(routes);
  await app.register(async (customers) => {
    customers.addHook('onRequest', async (request) => {
      if (isGuide(currentUser(request))) throw new AppError('NOT_FOUND', 'notFound');
    });
    for (const routes of options.routes) await customers.register(routes);
  });
};

/**
 * The scope of the guide's app (issue 32, under /api/guide): every route in it requires a
 * signed-in guide; anyone else signed in (customers, staff) gets 404, as if it did not exist.
 */
export const guideOnly: FastifyPluginAsync<{ routes: FastifyPluginAsync[] }> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    if (!isGuide(currentUser(request))) throw new AppError('NOT_FOUND', 'notFound');
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }], tags: ['guide'] };
  });
  for (const routes of options.routes) await app.register(routes);
};

/**
 * The scope of the staff's routes (the back office, under /api/admin): every route in it requires
 * a signed-in member of the agency's staff. Without a valid token the answer is 401, as anywhere;
 * a customer's or a corporate user's token gets 404, as if the route did not exist. Each use moves
 * the staff session's expiry to 8 hours on (written at most every five minutes). `adminRoutes`
 * are registered inside it in the administrators' scope (`adminOnly`).
 */
export const staffOnly: FastifyPluginAsync<{
  routes: FastifyPluginAsync[];
  adminRoutes?: FastifyPluginAsync[];
}> = async (app, options) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    const user = currentUser(request);
    if (!isStaff(user)) throw new AppError('NOT_FOUND', 'notFound');
    await extendStaffSession(app.db, user.sessionId);
  });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearer: [] }], tags: ['admin'] };
  });
  for (const routes of options.routes) await app.register(routes);
  if (options.adminRoutes) await app.register(adminOnly, { routes: options.adminRoutes });
};

/** The OpenAPI tag of the administrators' routes (a test holds each of them to its 403). */
export const ADMIN_ONLY_TAG = 'administrators';

/**
 * The scope of the administrators' routes, inside the staff's: money given back or taken off
 * (discounts, additions, refunds), departures, the catalogue's edits, the staff list, the
 * mailbox. An agent is refused (403) before anything else, whatever the request holds (its body
 * is not even validated); a customer has the staff scope's 404 before that.
 */
export const adminOnly: FastifyPluginAsync<{ routes: FastifyPluginAsync[] }> = async (
  app,
  options,
) => {
  app.addHook('onRequest', async (request) => {
    if (currentUser(request).role !== 'admin') throw new AppError('FORBIDDEN', 'staffAdminOnly');
  });
  app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
    route.schema = { ...route.schema, tags: [...tags, ADMIN_ONLY_TAG] };
  });
  for (const routes of options.routes) await app.register(routes);
};
