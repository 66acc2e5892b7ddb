import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.js';

/**
 * The path of the first string that holds a NUL character, or undefined. Iterative (an explicit stack), so
 * no input can exhaust the call stack, and depth-first in document order, so the first hit is reported. Bytes
 * (a Buffer body: an upload) are not text and are not walked: byte by byte, a large upload took seconds.
 */
export function findNul(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const current = item.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return item.path || 'body';
    } else if (current && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i];
        stack.push({ value: inner, path: item.path ? `${item.path}.${key}` : key });
      }
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
    // A page's address (anything no route but the page fallback answers) is read by the page's own route, which
    // shows its 404 page for what names no page: a reader sees a page, not a JSON refusal. Its API calls are
    // still refused here.
    if (request.is404 && !request.url.startsWith('/api/')) return;
    const field = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (field) throw Invalid.field(field, 'Must not contain NUL characters.');
  });
}
