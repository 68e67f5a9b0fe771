import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers for the given options, computed once. They do not vary per request
 * (no CSP nonces), so there is no need to run helmet's middleware on every answer: on the
 * catalogue calls it cost about a tenth of the CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  const middleware = helmet(options) as unknown as (
    request: object,
    response: object,
    next: (error?: unknown) => void,
  ) => void;
  middleware({}, response, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries (for answers made outside a route: `frameworkErrors`). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/** Sets helmet's headers on every answer, errors and 404s included. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const headers = securityHeaders(options);
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
