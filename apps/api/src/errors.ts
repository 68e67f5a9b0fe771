import type { MessageKey } from '@cusco/shared';

/** What a 503 asks the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  TOO_MANY_REQUESTS: 429,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface AppErrorOptions {
  params?: Record<string, string | number>;
  /** Params that are lists of catalogue messages, given in the caller's language, joined by commas. */
  listParams?: Record<string, MessageKey[]>;
  field?: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one error type of the API: a code (which decides the status) and a catalogue message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly options: AppErrorOptions = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const notFound = (key: MessageKey = 'notFound') => new AppError('NOT_FOUND', key);
