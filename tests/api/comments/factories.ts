import { expect } from 'vitest';
import type { Comment } from '../../../src/shared/api/comments.js';
import type { TestApp } from '../helpers/app.js';

export type Listed = Comment;

/** A comment through the API; fails the test unless it is created. */
export async function postComment(t: TestApp, token: string, body: Record<string, unknown>): Promise<Comment> {
  const res = await t.api('POST', '/comments/api/comment', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
}

export async function listComments(t: TestApp, type: string, id: number, token?: string, query?: Record<string, string>) {
  const res = await t.api('GET', `/comments/api/${type}/${id}`, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; previous: string | null; results: Comment[] };
}

export async function countOf(t: TestApp, type: string, id: number, token?: string): Promise<number> {
  const res = await t.api('GET', `/comments/api/${type}/${id}/count`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}
