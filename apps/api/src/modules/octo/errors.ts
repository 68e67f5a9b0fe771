import { translate } from '@cusco/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { AppError, RETRY_AFTER_SECONDS } from '../../errors.ts';

/**
 * OCTO's errors (docs.octo.travel, ADR 0050): `{ error, errorMessage }` and the id that was wrong.
 * Every refusal of a request is a 400 (as OCTO's validator expects), but the missing and the
 * refused key (401, 403), too many requests (429) and the database being away (503).
 */
export type OctoErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

const statusOf: Record<OctoErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export class OctoError extends Error {
  readonly status: number;
  constructor(
    readonly code: OctoErrorCode,
    message: string,
    /** The id that was wrong, under OCTO's name (productId, optionId, unitId, availabilityId, uuid). */
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'OctoError';
    this.status = statusOf[code];
  }
}

export const invalidProduct = (productId: string) =>
  new OctoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId });
export const invalidOption = (optionId: string) =>
  new OctoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId });
export const invalidUnit = (unitId: string) =>
  new OctoError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId });
export const invalidAvailability = (availabilityId: string) =>
  new OctoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
    availabilityId,
  });
export const invalidBooking = (uuid: string) =>
  new OctoError('INVALID_BOOKING_UUID', 'The booking uuid was missing or invalid', { uuid });
export const unprocessable = (message: string) => new OctoError('UNPROCESSABLE_ENTITY', message);
export const badRequest = (message: string) => new OctoError('BAD_REQUEST', message);

const send = (error: OctoErrorCode, errorMessage: string, extra: Record<string, string> = {}) => ({
  error,
  errorMessage,
  ...extra,
});

/**
 * The /octo scope's error handler: OCTO's shapes instead of the API's own. A business rule of the
 * booking functions (sold out, a closed day, a hold that ended…) is UNPROCESSABLE_ENTITY with the
 * rule's own words in English; a body that does not parse is BAD_REQUEST naming the field.
 */
export function registerOctoErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | OctoError, request, reply) => {
    if (error instanceof OctoError) {
      return reply.status(error.status).send(send(error.code, error.message, error.extra));
    }
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      const message = translate(error.messageKey, 'en', error.options.params ?? {});
      if (error.code === 'UNAUTHENTICATED')
        return reply.status(401).send(send('UNAUTHORIZED', message));
      if (error.code === 'FORBIDDEN') return reply.status(403).send(send('FORBIDDEN', message));
      if (error.code === 'TOO_MANY_REQUESTS') {
        return reply.status(429).send(send('TOO_MANY_REQUESTS', message));
      }
      if (error.code === 'VALIDATION') {
        const field = error.options.field ? ` (${error.options.field})` : '';
        return reply.status(400).send(send('BAD_REQUEST', `${message}${field}`));
      }
      return reply.status(400).send(send('UNPROCESSABLE_ENTITY', message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      return reply.status(400).send(send('BAD_REQUEST', `Invalid or missing ${path}`));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status === 413 ? 413 : 400)
        .send(send('BAD_REQUEST', status === 413 ? 'The body is too large' : 'Malformed request'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(send('INTERNAL_SERVER_ERROR', 'The service is unavailable, please try again'));
    }
    request.log.error({ err: error }, 'octo request failed');
    return reply
      .status(500)
      .send(send('INTERNAL_SERVER_ERROR', 'There was an un-recoverable error, please try again'));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(send('BAD_REQUEST', 'No such OCTO endpoint')),
  );
}
