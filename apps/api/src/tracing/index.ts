import type { FastifyPluginAsync } from 'fastify';

/**
 * OpenTelemetry traces (issue 34, ADR 0054), an option off by default. It is on when the
 * standard variables ask for traces: OTEL_TRACES_EXPORTER (otlp, console; not none), or an OTLP
 * endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); never with
 * OTEL_SDK_DISABLED=true. Everything else (service name, protocol, headers, sampler) is the SDK's
 * own reading of the OTEL_* variables.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  // As the SDK reads it: "none" first turns traces off (with others after it, it is ignored).
  if (exporters[0] === 'none') return false;
  return (
    exporters.length > 0 ||
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) ||
    Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim())
  );
}

export interface Tracing {
  /** @fastify/otel's plugin: registered first by buildApp, it gives each request its span. */
  plugin: FastifyPluginAsync;
  /** Sends the spans still buffered and stops the SDK (on shutdown). */
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK when the environment asks for traces, else answers undefined without loading
 * any of it: the SDK, its exporters and instrumentations are imported only here, so an
 * ordinary start does not pay for them. Call it before the database's driver is imported (the
 * pg instrumentation patches it as it loads).
 */
export async function startTracingIfWanted(
  env: NodeJS.ProcessEnv = process.env,
): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  const { startTracing } = await import('./sdk.ts');
  return startTracing();
}
