import { STATUS_CODES } from 'node:http';
import { type ErrorBody, isMessageKey, type MessageKey, translate } from '@cusco/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseProblemOf, isDatabaseUnavailable } from '../db/errors.ts';
import { AppError, RETRY_AFTER_SECONDS } from '../errors.ts';
import { languageOf } from '../lib/language.ts';

/**
 * The one place where errors become answers: an AppError's code gives its status (errors.ts),
 * its catalogue message is written in the request's language; a schema's refusal is a 400 naming
 * the field; the database being away is a 503 with Retry-After; anything else is a 500 whose body
 * carries no internals.
 */

function body(status: number, code: string, message: string, extra: Partial<ErrorBody> = {}) {
  return { statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message, ...extra };
}

/** Maps every error to its status and a JSON body; a 5xx body never carries internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = languageOf(request);

    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return reply.status(error.status).send(
        body(
          error.status,
          error.code,
          translate(error.messageKey, language, {
            ...error.options.params,
            ...Object.fromEntries(
              Object.entries(error.options.listParams ?? {}).map(([name, keys]) => [
                name,
                keys.map((key) => translate(key, language)).join(', '),
              ]),
            ),
          }),
          {
            ...(error.options.field ? { field: error.options.field } : {}),
            ...(error.options.details ? { details: error.options.details } : {}),
          },
        ),
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: translate(isMessageKey(issue.message) ? issue.message : 'invalidInput', language),
      }));
      const first = issues[0];
      return reply.status(400).send(
        body(400, 'VALIDATION', first?.message ?? translate('invalidInput', language), {
          ...(first?.path ? { field: first.path } : {}),
          issues,
        }),
      );
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large...
      const key: MessageKey =
        status === 404 ? 'notFound' : status === 429 ? 'tooManyRequests' : 'invalidInput';
      return reply
        .status(status)
        .send(body(status, error.code ?? 'BAD_REQUEST', translate(key, language)));
    }

    if (isDatabaseUnavailable(error)) {
      // The database is away (a restart, a failover, a timeout): nothing was saved, try again.
      request.log.warn({ err: error }, 'database unavailable');
      const problem = databaseProblemOf(error) ?? 'connection';
      request.server.telemetry?.databaseUnavailable(problem);
      if (problem === 'statement_timeout') request.server.telemetry?.statementTimeout('request');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body(503, 'UNAVAILABLE', translate('serviceUnavailable', language)));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(500, 'INTERNAL', translate('serverError', language)));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(404, 'NOT_FOUND', translate('notFound', languageOf(request))));
  });
}

/**
 * The answer to a path no route can read (Fastify's `frameworkErrors`: a bad percent-encoding, a
 * path value over 100 characters), made before any route or hook runs: the security headers and
 * the body of every other client error, in the reader's language, without the path it was sent.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { server } = request;
  if (server.hasDecorator('securityHeaders')) reply.headers(server.securityHeaders);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 400;
  // Fastify writes no "request completed" line for these: the same line, written here.
  const started = performance.now();
  reply.raw.once('finish', () =>
    reply.log.info({ res: reply, responseTime: performance.now() - started }, 'request completed'),
  );
  return reply
    .status(status)
    .send(
      body(status, error.code ?? 'BAD_REQUEST', translate('invalidInput', languageOf(request))),
    );
}
