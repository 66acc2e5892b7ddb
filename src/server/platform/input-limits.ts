import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.js';

/**
 * The deepest JSON body the API accepts. No call of ours nests more than a few levels; a limit far above
 * that keeps every later walk over the parsed value (NUL scan, validation) cheap and free of deep recursion.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`. One pass, no recursion and no parsing, so a
 * hostile body costs time in proportion to its length only; brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Replaces the JSON body parser with one that refuses bodies nested deeper than MAX_JSON_DEPTH (400 naming
 * `body`) before anything walks them, then parses as Fastify does (prototype-poisoning checks included).
 */
export function registerJsonBodyLimits(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(Invalid.field('body', `Must not nest deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
