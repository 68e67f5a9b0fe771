import {
  type DocumentChangeScanField,
  documentChangeScanFields,
  MAX_DOCUMENT_CHANGE_BYTES,
} from '@cusco/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { detectDocumentKind } from '../passengers/documents.ts';

/**
 * The two scans of a document change request (the old and the new document) and its text fields,
 * read from one multipart body with the passenger upload's limits (1 MB a file, magic bytes
 * checked), plus PDF: a passport copy is often one.
 */

export type ScanMime = 'image/jpeg' | 'image/png' | 'application/pdf';

export interface CheckedScan {
  mime: ScanMime;
  bytes: Buffer;
}

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ascii = (text: string) => Buffer.from(text, 'latin1');

/**
 * Whether a file of a type told by its first bytes is whole, as far as its frame shows: a PNG's
 * first chunk is its IHDR and its last its IEND; a JPEG's end-of-image marker is in its last
 * kilobyte; a PDF's `%%EOF` too (where readers look for it). A header followed by garbage, or a
 * page of HTML behind `%PDF-`, is not a scan staff could open.
 */
function framed(bytes: Uint8Array, mime: ScanMime): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tail = buffer.subarray(Math.max(0, buffer.length - 1024));
  if (mime === 'image/png') {
    return (
      buffer.length >= 8 + 25 + 12 &&
      buffer.subarray(12, 16).equals(ascii('IHDR')) &&
      buffer.subarray(buffer.length - 8, buffer.length - 4).equals(ascii('IEND'))
    );
  }
  if (mime === 'image/jpeg') return tail.includes(Buffer.from([0xff, 0xd9]));
  return tail.includes(ascii('%%EOF'));
}

/**
 * The type of a scan, decided by its bytes (JPEG and PNG as the passenger upload decides, PDF by
 * `%PDF-`, each whole as `framed` checks), never by its name or declared type; null for anything
 * else.
 */
export function detectScanMime(bytes: Uint8Array): ScanMime | null {
  const image = detectDocumentKind(bytes);
  const mime: ScanMime | null = image
    ? image.mime
    : bytes.length > pdfMagic.length && pdfMagic.every((byte, at) => bytes[at] === byte)
      ? 'application/pdf'
      : null;
  return mime && framed(bytes, mime) ? mime : null;
}

/** A scan as sent, checked: missing or empty (400), over 1 MB (413), not JPEG/PNG/PDF (415). */
export function checkScan(bytes: Buffer | undefined, field: DocumentChangeScanField): CheckedScan {
  if (!bytes) throw new AppError('VALIDATION', 'fileMissing', { field });
  if (bytes.length === 0) throw new AppError('VALIDATION', 'docChangeFileEmpty', { field });
  if (bytes.length > MAX_DOCUMENT_CHANGE_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge', { field });
  }
  const mime = detectScanMime(bytes);
  if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'docChangeFileType', { field });
  return { mime, bytes };
}

export interface DocumentChangeForm {
  /** The text fields, as sent (the first value of each name). */
  fields: Record<string, string>;
  oldDocument: CheckedScan;
  newDocument: CheckedScan;
}

/**
 * Reads a request's multipart body: its text fields and its two files, `oldDocument` and
 * `newDocument`, each checked. A body that is not multipart has neither file (400); a file over
 * the plugin's limit is a 413, a malformed body a 400; nothing is written while reading.
 */
export async function readDocumentChangeForm(request: FastifyRequest): Promise<DocumentChangeForm> {
  const fields: Record<string, string> = {};
  const files: Partial<Record<DocumentChangeScanField, Buffer>> = {};
  if (request.isMultipart()) {
    let field: string | undefined;
    try {
      for await (const part of request.parts()) {
        field = part.fieldname;
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          const name = documentChangeScanFields.find((known) => known === part.fieldname);
          if (name && !files[name]) files[name] = bytes;
        } else if (!(part.fieldname in fields)) {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (error) {
      const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge', field ? { field } : {});
      }
      if (error instanceof AppError || typeof statusCode === 'number') throw error;
      throw new AppError('VALIDATION', 'invalidInput', field ? { field } : {});
    }
  }
  return {
    fields,
    oldDocument: checkScan(files.oldDocument, 'oldDocument'),
    newDocument: checkScan(files.newDocument, 'newDocument'),
  };
}
