import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendAttachment } from '../src/lib/attachment.ts';

describe('a file sent to be saved', () => {
  it('is named safely, typed, and never cached', async () => {
    const app = Fastify();
    app.get('/file', async (_request, reply) =>
      sendAttachment(reply, {
        type: 'application/pdf',
        fileName: 'Voucher "CT 1"/../ñ.pdf',
        body: Buffer.from('%PDF-1.4'),
      }),
    );
    const response = await app.inject({ url: '/file' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Voucher__CT_1__..__.pdf"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('%PDF-1.4');
    await app.close();
  });
});
