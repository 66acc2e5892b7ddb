import { describe, expect, it } from 'vitest';
import { buildUrl, groupOperations, skeletonOf, type OpenApiDocument } from '../../../src/web/features/devtools/openapi.js';

const doc: OpenApiDocument = {
  paths: {
    '/api/v2/tag/{id}': {
      get: { tags: ['tags'], summary: 'A tag', parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }] },
      patch: {
        tags: ['tags'],
        summary: 'Change a tag',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } },
      },
    },
    '/api/v2/article/summary': {
      get: {
        tags: ['articles'],
        summary: 'Summaries',
        parameters: [
          { in: 'query', name: 'page', schema: { type: 'integer', default: 1 } },
          { in: 'query', name: 'access', schema: { type: 'string', enum: ['free', 'premium'] } },
        ],
      },
    },
    '/api/v2/tags': {
      post: {
        tags: ['tags'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'slug', 'weight', 'flags'],
                properties: { name: { type: 'string' }, slug: { type: 'string' }, weight: { type: 'integer' }, flags: { type: 'array' }, note: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

describe('API playground', () => {
  it('groups operations by tag, in a stable order', () => {
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.tag)).toEqual(['articles', 'tags']);
    expect(groups[1].operations.map((op) => op.id)).toEqual(['GET /api/v2/tag/{id}', 'PATCH /api/v2/tag/{id}', 'POST /api/v2/tags']);
    const summary = groups[0].operations[0];
    expect(summary.pathParams).toEqual([]);
    expect(summary.queryParams).toEqual([
      { name: 'page', required: false, hint: 'integer' },
      { name: 'access', required: false, hint: 'free | premium' },
    ]);
    expect(summary.bodyTemplate).toBeNull();
    expect(groups[1].operations[0].pathParams).toEqual([{ name: 'id', required: true, hint: 'integer' }]);
  });

  it('starts a JSON body from the required fields', () => {
    const create = groupOperations(doc)[1].operations[2];
    expect(JSON.parse(create.bodyTemplate!)).toEqual({ name: '', slug: '', weight: 0, flags: [] });
    expect(skeletonOf({ type: ['string', 'null'] })).toBe('');
    expect(skeletonOf({ anyOf: [{ type: 'null' }, { type: 'boolean' }] })).toBe(false);
  });

  it('fills path parameters encoded and leaves empty query values out', () => {
    expect(buildUrl('/api/v2/tag/name/{name}', { name: 'a/b c' }, { page: '2', q: '' })).toBe('/api/v2/tag/name/a%2Fb%20c?page=2');
    expect(buildUrl('/api/v2/tag/{id}', { id: '5' }, {})).toBe('/api/v2/tag/5');
  });
});
