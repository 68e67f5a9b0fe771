import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Writes a real PNG image (a small grey passport-sized rectangle) and answers its path. */
export function passportPng(width = 120, height = 80): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0xb0);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0; // filter: none
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const dir = path.join(tmpdir(), 'cusco-e2e-files');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'passport.png');
  writeFileSync(file, png);
  return file;
}

/**
 * Writes a PNG "photo" of about 3.2 MB, as a phone takes (colour noise over a gradient, stored
 * uncompressed), and answers its path.
 */
export function largePhotoPng(width = 1200, height = 900): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0x3f;
  };
  for (let row = 0; row < height; row++) {
    rows[row * stride] = 0; // filter: none
    for (let column = 0; column < width; column++) {
      const at = row * stride + 1 + column * 3;
      rows[at] = (column * 200) / width + noise();
      rows[at + 1] = (row * 200) / height + noise();
      rows[at + 2] = 120 + noise();
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const dir = path.join(tmpdir(), 'cusco-e2e-files');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'phone-photo.png');
  writeFileSync(file, png);
  return file;
}
