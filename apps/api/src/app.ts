import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './errors.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { healthRoutes } from './modules/common/health.ts';
import { incidentRoutes } from './modules/incidents/routes.ts';
import { passengerRoutes } from './modules/passengers/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { serviceRoutes } from './modules/services/routes.ts';
import { tourRoutes } from './modules/tours/routes.ts';
import { createGateway, type PaymentGateway } from './payments/index.ts';
import { sandboxRoutes } from './payments/sandbox/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerWebApp } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    gateway: PaymentGateway;
  }
}

export interface AppOptions {
  db: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** The payment gateway; by default the one the configuration names. */
  gateway?: PaymentGateway;
}

/** Builds the whole application: the API under /api, its docs, and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  app.decorate('gateway', options.gateway ?? createGateway(options.config.payments));

  // The checkout is framed and its form posted: allow the gateway's own origin when it has one.
  const gatewayOrigins =
    options.config.payments.gateway === 'payme'
      ? [new URL(options.config.payments.payme.url).origin]
      : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", ...gatewayOrigins],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...gatewayOrigins],
        // Served over plain HTTP on a LAN or localhost too: do not force HTTPS here.
        upgradeInsecureRequests: null,
      },
    },
    // The checkout page talks to its opener with postMessage.
    crossOriginOpenerPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Cusco Treks API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authPlugin, { db: options.db });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(tourRoutes);
      await api.register(bookingRoutes);
      await api.register(paymentRoutes);
      await api.register(profileRoutes);
      await api.register(passengerRoutes);
      await api.register(serviceRoutes);
      await api.register(incidentRoutes);
    },
    { prefix: '/api' },
  );

  if (options.config.payments.gateway === 'sandbox') {
    await app.register(sandboxRoutes, options.config.payments.sandbox);
  }
  await registerWebApp(app, options.config.webDist);
  return app;
}
