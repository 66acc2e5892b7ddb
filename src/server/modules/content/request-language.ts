import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../../shared/constants.js';
import { pickLanguage, type Language } from '../../../shared/i18n/index.js';

/**
 * The language to answer editorial texts in: the validated `lang` query parameter when given (the URL
 * then names the answer fully, so any cache keyed by URL is right), else the reader's language cookie,
 * else Accept-Language; the answer then says that it varies by them.
 */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const asked = (request.query as { lang?: Language } | undefined)?.lang;
  if (asked) return asked;
  reply.header('vary', 'Cookie, Accept-Language');
  return pickLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
}
