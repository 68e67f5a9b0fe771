import { timingSafeEqual } from 'node:crypto';
import { backupStatus, backupTaken, errorBody } from '@cusco/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { takenAnswer } from './service.ts';

/** Backups in the back office (administrators only): the status, and a backup taken now. */
export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/backups', { schema: { response: { 200: backupStatus, 403: errorBody } } }, () =>
    app.backups.status(),
  );
  app.post(
    '/admin/backups',
    { schema: { response: { 201: backupTaken, 403: errorBody, 409: errorBody } } },
    async (_request, reply) => reply.status(201).send(takenAnswer(await app.backups.take('admin'))),
  );
};

/** The header `npm run backup` sends with the token of the server's control file. */
export const LOCAL_TOKEN_HEADER = 'x-cusco-backup-token';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST system/backup: `npm run backup` asking the running embedded server (whose data folder it
 * cannot open) to take a backup. The token is the one the server wrote into its data folder at
 * start-up (readable only by whoever can read the database's files anyway); without it, 404.
 */
export function localBackupRoutes(token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/system/backup',
      { schema: { response: { 201: backupTaken, 404: errorBody, 409: errorBody } } },
      async (request, reply) => {
        const given = request.headers[LOCAL_TOKEN_HEADER];
        if (typeof given !== 'string' || !sameToken(given, token)) {
          throw new AppError('NOT_FOUND', 'notFound');
        }
        return reply.status(201).send(takenAnswer(await app.backups.take('command')));
      },
    );
  };
}
