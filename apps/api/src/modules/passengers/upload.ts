import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * The bytes of a multipart request's `file` field, or null when it has none (a request that is
 * not multipart has none either). Other parts are read and dropped. A file over the multipart
 * plugin's fileSize limit is a 413, a malformed body a 400; nothing is written while reading.
 */
export async function readFileField(
  request: FastifyRequest,
  field = 'file',
): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  let found: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === field && found === null) found = bytes;
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge', { field });
    }
    // The plugin's own client errors (too many files or parts...) keep their 4xx status.
    if (error instanceof AppError || typeof statusCode === 'number') throw error;
    // The parser's errors are about the request's bytes (a cut or malformed body): a 400.
    throw new AppError('VALIDATION', 'invalidInput', { field });
  }
  return found;
}
