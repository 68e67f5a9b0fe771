import type { Language } from '@cusco/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request's texts: the first of English or Spanish named by Accept-Language;
 * English when it names neither. The web app always sends its current language.
 */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'en' || tag === 'es') return tag;
  }
  return 'en';
}
