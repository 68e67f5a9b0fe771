import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CustomerTypeId,
  clientRecord,
  documentUploadResponse,
  MAX_DOCUMENT_BYTES,
  type MessageKey,
  translate,
} from '@cusco/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDocuments, clients } from '../src/db/schema.ts';
import { detectDocumentKind, importLegacyDocuments } from '../src/modules/passengers/documents.ts';
import { bearer, signUpAndIn } from './support/accounts.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  bookWithSlots,
  detailOf,
  jpegBytes,
  loadPassengerOptions,
  multipartBody,
  type PassengerOptions,
  passengerBody,
  pngBytes,
  slotOf,
  type UploadFile,
  uploadDocument,
} from './support/passengers.ts';

let ctx: TestContext;
let dataDir: string;
let owner: Awaited<ReturnType<typeof signUpAndIn>>;
let stranger: Awaited<ReturnType<typeof signUpAndIn>>;
let options: PassengerOptions;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-documents-'));
  ctx = await createTestApp({ dataDir });
  owner = await signUpAndIn(ctx.app, { name: 'Rosa', lastname: 'Ccori' });
  stranger = await signUpAndIn(ctx.app, { name: 'Otro', lastname: 'Cliente' });
  options = await loadPassengerOptions(ctx.app, owner.token);
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every stored scan: its client and the SHA-256 of its bytes. */
const storedDocuments = async () =>
  (
    await ctx.database.db
      .select({ clientId: clientDocuments.clientId, sha256: clientDocuments.sha256 })
      .from(clientDocuments)
  )
    .map((row) => `${row.clientId}:${row.sha256}`)
    .sort();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A booked passenger of the owner, without a document yet. */
async function newPassenger() {
  const { code, detail } = await bookWithSlots(ctx.app, owner.token, '100401', { adults: 1 });
  const slot = slotOf(detail, CustomerTypeId.adult);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/client/${slot.id}/create`,
    headers: bearer(owner.token),
    payload: passengerBody(options, code),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { code, clientId: response.json().id as string };
}

function download(token: string, clientId: string) {
  return ctx.app.inject({ url: `/api/client/${clientId}/document`, headers: bearer(token) });
}

async function recordOf(clientId: string) {
  const response = await ctx.app.inject({
    url: `/api/client/${clientId}`,
    headers: bearer(owner.token),
  });
  expect(response.statusCode).toBe(200);
  return clientRecord.parse(response.json());
}

const padded = (header: Buffer, size: number) =>
  Buffer.concat([header, Buffer.alloc(size - header.length, 0x20)]);

describe('POST /api/client/{id}/add/document', () => {
  it('keeps a real JPEG and serves it back byte for byte to the owner', async () => {
    const { code, clientId } = await newPassenger();
    const before = await storedDocuments();
    const jpeg = jpegBytes();
    const response = await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: jpeg, name: 'passport.jpeg', type: 'image/jpeg' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = documentUploadResponse.parse(response.json());
    expect(answer).toEqual({ result: 1, urlFile: `/api/client/${clientId}/document` });
    expect((await recordOf(clientId)).urlFile).toBe(answer.urlFile);

    // One new scan, in the database, and nothing written to the data folder.
    const added = (await storedDocuments()).filter((name) => !before.includes(name));
    expect(added).toEqual([`${clientId}:${sha256(jpeg)}`]);
    expect(existsSync(path.join(dataDir, 'documents'))).toBe(false);

    const served = await ctx.app.inject({ url: answer.urlFile, headers: bearer(owner.token) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': 'inline',
    });

    const slot = slotOf(await detailOf(ctx.app, owner.token, code), CustomerTypeId.adult);
    expect(slot).toMatchObject({ hasDocument: true, percentage: 100 });
  });

  it('decides the type by the bytes: a PNG named .jpg is kept and served as a PNG', async () => {
    const { clientId } = await newPassenger();
    const png = pngBytes();
    const response = await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: png, name: 'scan.jpg', type: 'image/jpeg' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const served = await download(owner.token, clientId);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('replacing the document keeps only the new one', async () => {
    const { clientId } = await newPassenger();
    const before = await storedDocuments();
    await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: jpegBytes(), name: 'a.jpg' },
    });
    const response = await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: pngBytes(), name: 'b.png' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const added = (await storedDocuments()).filter((name) => !before.includes(name));
    expect(added).toEqual([`${clientId}:${sha256(pngBytes())}`]);
    const served = await download(owner.token, clientId);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngBytes())).toBe(true);
  });

  it('accepts an image of exactly 1 MB', async () => {
    const { clientId } = await newPassenger();
    const response = await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: padded(pngBytes(), MAX_DOCUMENT_BYTES), name: 'big.png' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await download(owner.token, clientId)).rawPayload.length).toBe(MAX_DOCUMENT_BYTES);
  });

  const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const refusals: [string, Record<string, UploadFile>, number, string][] = [
    [
      'an image of 1.1 MB',
      { file: { bytes: padded(pngHeader, Math.round(1.1 * 1024 * 1024)), name: 'big.png' } },
      413,
      'fileTooLarge',
    ],
    [
      'an image of 1 MB and one byte',
      { file: { bytes: padded(pngHeader, MAX_DOCUMENT_BYTES + 1), name: 'big.png' } },
      413,
      'fileTooLarge',
    ],
    [
      'a text file named passport.jpg',
      {
        file: {
          bytes: Buffer.from('This is my passport number: P1234567\n'),
          name: 'passport.jpg',
          type: 'image/jpeg',
        },
      },
      415,
      'fileType',
    ],
    [
      'an SVG',
      {
        file: {
          bytes: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          ),
          name: 'passport.png',
          type: 'image/png',
        },
      },
      415,
      'fileType',
    ],
    [
      'a GIF',
      {
        file: {
          bytes: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
          name: 'passport.gif',
          type: 'image/gif',
        },
      },
      415,
      'fileType',
    ],
    // An empty file has no image signature: 415, like any other file that is not JPEG or PNG.
    ['an empty file', { file: { bytes: new Uint8Array(0), name: 'empty.jpg' } }, 415, 'fileType'],
    [
      'a JPEG signature alone',
      { file: { bytes: Buffer.from([0xff, 0xd8, 0xff]), name: 'x.jpg' } },
      415,
      'fileType',
    ],
    ['no file', {}, 400, 'fileMissing'],
    [
      'a file under another field name',
      { document: { bytes: jpegBytes(), name: 'a.jpg' } },
      400,
      'fileMissing',
    ],
  ];

  it.each(refusals)('refuses %s (%#), storing nothing', async (_name, files, status, key) => {
    const { clientId } = await newPassenger();
    const before = await storedDocuments();
    const response = await uploadDocument(ctx.app, owner.token, clientId, files, {
      note: 'from the test',
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({
      field: 'file',
      message: translate(key as MessageKey, 'en'),
    });
    expect(await storedDocuments()).toEqual(before);
    expect((await recordOf(clientId)).urlFile).toBeNull();
    expect((await download(owner.token, clientId)).statusCode).toBe(404);
  });

  it('refuses a request that is not multipart, and two files at once', async () => {
    const { clientId } = await newPassenger();
    const before = await storedDocuments();
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${clientId}/add/document`,
      headers: bearer(owner.token),
      payload: { file: pngBytes().toString('base64') },
    });
    expect(json.statusCode).toBe(400);

    const two = await multipartBody({
      file: { bytes: pngBytes(), name: 'a.png' },
      other: { bytes: jpegBytes(), name: 'b.jpg' },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${clientId}/add/document`,
      headers: { ...bearer(owner.token), ...two.headers },
      payload: two.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(await storedDocuments()).toEqual(before);
    expect((await recordOf(clientId)).urlFile).toBeNull();
  });

  it.each([
    ['cut short', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'],
    [
      'without its last boundary',
      `--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${pngBytes().toString('latin1')}\r\n--abc`,
    ],
    ['with a malformed part header', '--abc\r\nnot a header\r\n\r\nxx\r\n--abc--'],
  ])('answers 400, not 500, to a multipart body %s', async (_name, body) => {
    const { clientId } = await newPassenger();
    const before = await storedDocuments();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${clientId}/add/document`,
      headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: Buffer.from(body, 'latin1'),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await storedDocuments()).toEqual(before);
    expect((await recordOf(clientId)).urlFile).toBeNull();
  });

  it('keeps the stored document when a replacement is refused', async () => {
    const { clientId } = await newPassenger();
    await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: jpegBytes(), name: 'a.jpg' },
    });
    const before = await storedDocuments();
    const refused = await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: Buffer.from('GIF89a not really'), name: 'b.jpg' },
    });
    expect(refused.statusCode).toBe(415);
    expect(await storedDocuments()).toEqual(before);
    expect((await download(owner.token, clientId)).rawPayload.equals(jpegBytes())).toBe(true);
  });

  it("answers 404 for another customer's client, storing nothing", async () => {
    const { clientId } = await newPassenger();
    const before = await storedDocuments();
    const response = await uploadDocument(ctx.app, stranger.token, clientId, {
      file: { bytes: pngBytes(), name: 'a.png' },
    });
    expect(response.statusCode).toBe(404);
    // Refused before the file is read: a bad or missing file is a 404 too, never a 415 or 400.
    const text = await uploadDocument(ctx.app, stranger.token, clientId, {
      file: { bytes: Buffer.from('hello'), name: 'a.jpg' },
    });
    expect(text.statusCode).toBe(404);
    expect((await uploadDocument(ctx.app, stranger.token, clientId, {})).statusCode).toBe(404);
    expect(await storedDocuments()).toEqual(before);
    expect((await recordOf(clientId)).urlFile).toBeNull();
  });

  it('requires a session', async () => {
    const { clientId } = await newPassenger();
    const { payload, headers } = await multipartBody({
      file: { bytes: pngBytes(), name: 'a.png' },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/${clientId}/add/document`,
      headers,
      payload,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/client/{id}/document', () => {
  it('answers 404 to another customer, and when there is no document', async () => {
    const { clientId } = await newPassenger();
    expect((await download(owner.token, clientId)).statusCode).toBe(404);
    await uploadDocument(ctx.app, owner.token, clientId, {
      file: { bytes: pngBytes(), name: 'a.png' },
    });
    expect((await download(owner.token, clientId)).statusCode).toBe(200);
    const foreign = await download(stranger.token, clientId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.includes(pngBytes())).toBe(false);
    expect((await ctx.app.inject({ url: `/api/client/${clientId}/document` })).statusCode).toBe(
      401,
    );
  });
});

describe('detectDocumentKind', () => {
  it('knows JPEG and PNG by their signatures only', () => {
    expect(detectDocumentKind(jpegBytes())?.mime).toBe('image/jpeg');
    expect(detectDocumentKind(pngBytes())?.mime).toBe('image/png');
    expect(detectDocumentKind(new Uint8Array(0))).toBeNull();
    expect(detectDocumentKind(Buffer.from('<svg/>'))).toBeNull();
    expect(detectDocumentKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
  });
});

describe('scans kept on disk by earlier versions', () => {
  it('move into the database at start-up; a missing or invalid file is forgotten', async () => {
    const moved = await newPassenger();
    const lost = await newPassenger();
    const bogus = await newPassenger();
    const folder = path.join(dataDir, 'documents');
    mkdirSync(folder, { recursive: true });
    const jpeg = jpegBytes();
    const names = {
      moved: '0b1f1d0c-1f2a-4c3b-9d4e-5f6a7b8c9d0e.jpg',
      lost: '1b1f1d0c-1f2a-4c3b-9d4e-5f6a7b8c9d0e.png',
      bogus: '2b1f1d0c-1f2a-4c3b-9d4e-5f6a7b8c9d0e.jpg',
    };
    writeFileSync(path.join(folder, names.moved), jpeg);
    writeFileSync(path.join(folder, names.bogus), Buffer.from('not an image'));
    for (const [client, file] of [
      [moved.clientId, names.moved],
      [lost.clientId, names.lost],
      [bogus.clientId, names.bogus],
    ] as const) {
      await ctx.database.db
        .update(clients)
        .set({ documentFile: file, documentMime: 'image/jpeg' })
        .where(eq(clients.id, client));
    }

    expect(await importLegacyDocuments(ctx.database.db, dataDir)).toBe(1);
    const served = await download(owner.token, moved.clientId);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect((await download(owner.token, lost.clientId)).statusCode).toBe(404);
    expect((await download(owner.token, bogus.clientId)).statusCode).toBe(404);
    // Done once: nothing is left to import.
    expect(await importLegacyDocuments(ctx.database.db, dataDir)).toBe(0);
  });
});
