import type { FastifyReply } from 'fastify';

/**
 * Sends a file to be saved under `fileName` (characters other than letters, digits, '.', '-' and
 * '_' become '_'). The files are a customer's or the agency's own (vouchers, manifests, mail
 * attachments): never kept by a browser or proxy cache.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { type: string; fileName: string; body: string | Buffer },
) {
  return reply
    .type(file.type)
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
    )
    .send(file.body);
}
