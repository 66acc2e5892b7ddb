import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';

/**
 * Responses are checked against the contract's zod schemas in tests (a drift fails the suite); in
 * production they are serialised directly, which keeps the hot paths fast.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  if (validate) return createSerializerCompiler() as FastifySerializerCompiler<unknown>;
  return () => (data) => JSON.stringify(data);
}
