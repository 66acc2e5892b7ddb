import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../shared/constants.js';
import { pickLanguage, type Language } from '../../shared/i18n/index.js';

/**
 * The language to answer editorial texts in: the validated `lang` query parameter when given (the URL
 * then names the answer fully, so any cache keyed by URL is right), else the reader's language cookie,
 * else Accept-Language; the answer then says that it varies by them.
 */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const asked = (request.query as { lang?: Language } | undefined)?.lang;
  if (asked) return asked;
  addVary(reply, 'Cookie', 'Accept-Language');
  return pickLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/** Adds request headers to the answer's `vary`, keeping those a route or a hook already named there. */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((h) => h.trim()).filter(Boolean);
  const known = new Set(listed.map((h) => h.toLowerCase()));
  const added = names.filter((h) => !known.has(h.toLowerCase()));
  if (added.length) reply.header('vary', [...listed, ...added].join(', '));
}
