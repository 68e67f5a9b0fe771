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

/** Picks the English or Spanish column of a bilingual row. */
export function pick<T extends { nameEn: string; nameEs: string }>(row: T, language: Language) {
  return language === 'en' ? row.nameEn : row.nameEs;
}
