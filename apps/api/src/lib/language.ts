import type { Language } from '@cusco/shared';
import accepts from 'accepts';
import type { FastifyRequest } from 'fastify';

const languages: Language[] = ['en', 'es'];

/**
 * The language of a request's texts: English or Spanish, whichever Accept-Language prefers
 * (quality values included); English when it names neither. The web app always sends its
 * current language.
 */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): Language {
  const best = accepts({ headers: request.headers } as Parameters<typeof accepts>[0]).language(
    languages,
  );
  return best === 'es' ? 'es' : 'en';
}
