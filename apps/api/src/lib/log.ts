import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * What a log line may say about an error: its type, message, code and stack, never the values a
 * query was run with (a password hash, a passport number) nor anything the client sent.
 * Drizzle puts a failed query's parameters in its error's message and `params`; PostgreSQL puts
 * the offending values in `detail` and `where`. Those are dropped here, for every error logged.
 */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SafeError;
}

const PARAMS_LINE = /\nparams: [\s\S]*$/;

/** A value quoted in a PostgreSQL message: `invalid input syntax for type integer: "…"`. */
const QUOTED = /"[^"]*"|'[^']*'/g;

function safeMessage(error: { message?: unknown; query?: unknown; severity?: unknown }): string {
  const message = typeof error.message === 'string' ? error.message : String(error.message ?? '');
  // A Drizzle query error: keep the SQL text (it has placeholders, not values).
  if (typeof error.query === 'string') return `Failed query: ${error.query}`;
  // PostgreSQL's own messages may quote the offending value; the names are in table/column.
  if (typeof error.severity === 'string') return message.replace(QUOTED, '"…"');
  return message.replace(PARAMS_LINE, '');
}

export function serializeError(error: unknown, depth = 0): SafeError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error) };
  const source = error as Record<string, unknown> & {
    message?: unknown;
    query?: unknown;
    severity?: unknown;
  };
  const type = (source.constructor as { name?: string } | undefined)?.name ?? 'Error';
  const message = safeMessage(source);
  const frames =
    typeof source.stack === 'string'
      ? source.stack
          .split('\n')
          .filter((line) => line.startsWith('    at '))
          .join('\n')
      : '';
  const text = (key: string) =>
    typeof source[key] === 'string' ? { [key]: source[key] as string } : {};
  return {
    type,
    message,
    ...(frames ? { stack: `${type}: ${message}\n${frames}` } : {}),
    ...text('code'),
    ...text('constraint'),
    ...text('table'),
    ...text('column'),
    ...(source.cause && depth < 3 ? { cause: serializeError(source.cause, depth + 1) } : {}),
  };
}

/** What the request logs read of a request (Fastify's request, or a bare one). */
interface LoggedRequest {
  method?: string;
  routeOptions?: { url?: string | undefined };
}

/**
 * A request as its log lines show it: the method and the route's pattern
 * (`/api/tour/booking/:code`), null when no route matched. Never its URL: a query string
 * (`?q=` holds e-mails and names) or a path's values (booking codes, ids) are personal data,
 * and the headers hold the session's token.
 */
function requestLine(request: LoggedRequest | undefined) {
  return { method: request?.method, route: request?.routeOptions?.url ?? null };
}

/**
 * The logger's serializers: errors are logged through serializeError, whatever logs them; a
 * request and its answer ("request completed", with its time) by their method, route and status,
 * never by their URL (issue 26).
 */
export const logSerializers = {
  err: (error: unknown) => {
    const safe = serializeError(error);
    return { ...safe, stack: safe.stack ?? '' };
  },
  req: (request: LoggedRequest) => requestLine(request),
  res: (reply: { statusCode?: number; request?: LoggedRequest }) => ({
    ...requestLine(reply.request),
    statusCode: reply.statusCode,
  }),
};

/**
 * One line per request at `info`: "request completed", with its method, route, status and time
 * (README, LOG_LEVEL). Fastify's "incoming request" line is written at `debug` only: at `info`
 * it doubled the logs and cost about a tenth of a cached page's time (issue 33). A request its
 * client gave up on writes "request aborted" instead (app.ts), with its request id.
 */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }
}
