import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type documentUploadResponse, MAX_DOCUMENT_BYTES } from '@cusco/shared';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Database, Executor } from '../../db/client.ts';
import { clientDocuments, clients } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedUser } from '../users/sessions.ts';
import { findVisibleClient } from './access.ts';
import { documentUrl } from './read.ts';

export type DocumentUploadResponse = z.infer<typeof documentUploadResponse>;

const signatures = [
  { mime: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

export type DocumentKind = (typeof signatures)[number];

/**
 * The type of an image, decided by its first bytes (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A),
 * never by its name or declared type; null for anything else, an empty file included.
 */
export function detectDocumentKind(bytes: Uint8Array): DocumentKind | null {
  return (
    signatures.find(
      (kind) =>
        bytes.length > kind.magic.length && kind.magic.every((byte, at) => bytes[at] === byte),
    ) ?? null
  );
}

/** A checked scan: its bytes, its type, and what is stored with it. */
function checkedDocument(bytes: Buffer | null) {
  if (!bytes) throw new AppError('VALIDATION', 'fileMissing', { field: 'file' });
  if (bytes.length > MAX_DOCUMENT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge', { field: 'file' });
  }
  const kind = detectDocumentKind(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'fileType', { field: 'file' });
  return {
    mime: kind.mime,
    content: bytes,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Stores (or replaces) a client's scan; runs in the caller's transaction. */
async function storeDocument(
  tx: Executor,
  clientId: string,
  document: ReturnType<typeof checkedDocument>,
) {
  await tx
    .insert(clientDocuments)
    .values({ clientId, ...document })
    .onConflictDoUpdate({
      target: clientDocuments.clientId,
      set: { ...document, createdAt: sql`now()` },
    });
  await tx.update(clients).set({ updatedAt: sql`now()` }).where(eq(clients.id, clientId));
}

export interface SaveDocumentInput {
  user: AuthenticatedUser;
  clientId: string;
  /** The whole uploaded file, or null when the request carried no `file` field. */
  bytes: Buffer | null;
}

/**
 * POST client/{id}/add/document: keeps a JPEG or PNG scan of at most 1 MB for a client the user
 * may see, in the database, in the same transaction as its record, so that every API node
 * serves it and a failed save leaves nothing behind. A new scan replaces the previous one.
 */
export async function saveDocument(
  db: Database,
  input: SaveDocumentInput,
): Promise<DocumentUploadResponse> {
  const document = checkedDocument(input.bytes);
  await db.transaction(async (tx) => {
    const client = await findVisibleClient(tx, input.user, input.clientId, { lock: true });
    await storeDocument(tx, client.id, document);
  });
  return { result: 1, urlFile: documentUrl(input.clientId) };
}

export interface StoredDocument {
  content: Buffer;
  mime: string;
}

/** GET client/{id}/document: the stored scan of a client the user may see; 404 when none. */
export async function openDocument(
  db: Executor,
  user: AuthenticatedUser,
  clientId: string,
): Promise<StoredDocument> {
  const client = await findVisibleClient(db, user, clientId);
  const [document] = await db
    .select({ content: clientDocuments.content, mime: clientDocuments.mime })
    .from(clientDocuments)
    .where(eq(clientDocuments.clientId, client.id));
  if (!document) throw new AppError('NOT_FOUND', 'notFound');
  return document;
}

/** A scan file name as versions that kept scans on disk made them. */
const legacyName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

/**
 * Moves the scans that earlier versions kept on local disk (DATA_DIR/documents) into the
 * database, once, at start-up. A file that is missing or not a valid scan is forgotten; the
 * files themselves are left where they are. Answers how many were imported.
 */
export async function importLegacyDocuments(db: Database, dataDir: string): Promise<number> {
  const pending = await db
    .select({ id: clients.id, file: clients.documentFile })
    .from(clients)
    .where(isNotNull(clients.documentFile));
  let imported = 0;
  for (const client of pending) {
    const file = client.file && legacyName.test(client.file) ? client.file : null;
    const bytes = file
      ? await readFile(path.join(dataDir, 'documents', file)).catch(() => null)
      : null;
    const document = (() => {
      try {
        return checkedDocument(bytes);
      } catch {
        return null;
      }
    })();
    await db.transaction(async (tx) => {
      if (document) await storeDocument(tx, client.id, document);
      await tx
        .update(clients)
        .set({ documentFile: null, documentMime: null })
        .where(eq(clients.id, client.id));
    });
    if (document) imported++;
  }
  return imported;
}
