import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.js';

/** The path of the first string that holds a NUL character, or undefined. */
export function findNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const hit = findNul(value[i], [...path, String(i)]);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const hit = findNul(inner, [...path, key]);
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store NUL in text and no field of ours needs it: such input is a 400 naming the
 * field, on both engines, before any validation or write.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (field) throw Invalid.field(field, 'Must not contain NUL characters.');
  });
}
