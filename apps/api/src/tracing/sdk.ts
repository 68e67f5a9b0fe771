import FastifyOtelInstrumentation from '@fastify/otel';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyPluginAsync } from 'fastify';
import type { Tracing } from './index.ts';

/** The service's name in the traces, unless OTEL_SERVICE_NAME says otherwise. */
const SERVICE_NAME = 'cusco-api';

/**
 * The OpenTelemetry Node SDK with the Fastify team's instrumentation (@fastify/otel: a span per
 * request named by its route, and its hooks and handler) and PostgreSQL's (pg: a span per query).
 * Traces only: the SDK's metrics and logs exporters are not started (the metrics are /metrics').
 */
export function startTracing(): Tracing {
  const fastify = new FastifyOtelInstrumentation({
    // A span carries the route pattern, never the path's values nor the query string: the
    // same rule as the logs (lib/log.ts).
    requestHook(span, request) {
      const route = request.routeOptions.url ?? 'unmatched';
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('url.path', route);
    },
  });
  const sdk = new NodeSDK({
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: SERVICE_NAME }),
    instrumentations: [fastify, new PgInstrumentation({ enhancedDatabaseReporting: false })],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    plugin: fastify.plugin() as unknown as FastifyPluginAsync,
    shutdown: () => sdk.shutdown(),
  };
}
