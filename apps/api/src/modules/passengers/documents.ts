import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type documentUploadResponse, MAX_DOCUMENT_BYTES } from '@cusco/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedUser } from '../auth/sessions.ts';
import { findVisibleClient } from './access.ts';
import { documentUrl } from './read.ts';

export type DocumentUploadResponse = z.infer<typeof documentUploadResponse>;

/** Where passport scans are kept: under DATA_DIR, outside any folder served to the public. */
export function documentsDir(dataDir: string): string {
  return path.join(dataDir, 'documents');
}

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

/** A stored file name as this module makes them; anything else is never joined to a path. */
const storedName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

function storedPath(dir: string, name: string): string | null {
  return storedName.test(name) ? path.join(dir, name) : null;
}

async function removeQuietly(file: string | null) {
  if (!file) return;
  // Best effort: the upload itself has succeeded; a file left behind is only disk space.
  await rm(file, { force: true }).catch(() => {});
}

export interface SaveDocumentInput {
  user: AuthenticatedUser;
  clientId: string;
  /** The whole uploaded file, or null when the request carried no `file` field. */
  bytes: Buffer | null;
  dir: string;
}

/**
 * POST client/{id}/add/document: keeps a JPEG or PNG scan of at most 1 MB for a client the user
 * may see, under a generated name. Nothing is written for a refused file; a replaced scan's
 * file is deleted once the new one is recorded.
 */
export async function saveDocument(
  db: Database,
  input: SaveDocumentInput,
): Promise<DocumentUploadResponse> {
  const { bytes, dir } = input;
  if (!bytes) throw new AppError('VALIDATION', 'fileMissing', { field: 'file' });
  if (bytes.length > MAX_DOCUMENT_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge', { field: 'file' });
  }
  const kind = detectDocumentKind(bytes);
  if (!kind) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'fileType', { field: 'file' });
  }

  // The whole file was checked above; it is written under a temporary name and renamed, so a
  // reader never sees half a file, and removed again if the record cannot take it.
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${kind.extension}`;
  const target = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.part`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
    await rename(temporary, target);
  } catch (error) {
    await removeQuietly(temporary);
    throw error;
  }

  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const client = await findVisibleClient(tx, input.user, input.clientId, { lock: true });
      await tx
        .update(clients)
        .set({ documentFile: name, documentMime: kind.mime, updatedAt: sql`now()` })
        .where(eq(clients.id, client.id));
      return client.documentFile;
    });
  } catch (error) {
    await removeQuietly(target);
    throw error;
  }
  if (previous && previous !== name) await removeQuietly(storedPath(dir, previous));
  return { result: 1, urlFile: documentUrl(input.clientId) };
}

export interface StoredDocument {
  stream: Readable;
  mime: string;
  size: number;
}

/** GET client/{id}/document: the stored scan of a client the user may see; 404 when none. */
export async function openDocument(
  db: Executor,
  user: AuthenticatedUser,
  clientId: string,
  dir: string,
): Promise<StoredDocument> {
  const client = await findVisibleClient(db, user, clientId);
  const file = client.documentFile ? storedPath(dir, client.documentFile) : null;
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) throw new AppError('NOT_FOUND', 'notFound');
  return {
    stream: createReadStream(file),
    mime: client.documentMime ?? 'application/octet-stream',
    size: info.size,
  };
}
