import type { SearchHit } from '../../../../shared/api/content.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import { decideArticleAccess } from '../access.js';
import { cardsByIds, type Page } from '../articles/service.js';
import { countMatches, pageOfMatches } from './repo.js';
import { buildSnippet } from './snippet.js';
import { planSearch } from './terms.js';

export interface SearchInput extends PageQuery {
  q: string;
  category?: number;
}

/**
 * Published articles matching the query, best first. The body is searched for everyone, but a snippet
 * quotes the body only to a caller allowed to read the article; others get a snippet of the title or summary.
 */
export async function searchArticles(ctx: AppContext, actor: Actor | null, input: SearchInput): Promise<Page<SearchHit>> {
  const plan = planSearch(input.q);
  if (!plan) return { count: 0, results: [] };
  const { kysely, engine } = ctx.db;
  const filters = { category: input.category, now: nowIso() };
  const [count, rows] = await Promise.all([
    countMatches(kysely, engine, plan, filters),
    pageOfMatches(kysely, engine, plan, filters, input.page_size, offsetOf(input)),
  ]);
  const cards = new Map((await cardsByIds(ctx, rows.map((r) => r.id))).map((c) => [c.id, c]));
  const results: SearchHit[] = [];
  for (const row of rows) {
    const card = cards.get(row.id);
    if (!card) continue;
    const { can_read } = await decideArticleAccess(ctx, actor, row);
    const snippet = buildSnippet({ title: row.title, summary: row.summary, body: can_read ? row.body_text : null }, plan);
    results.push({ ...card, snippet, rank: row.score });
  }
  return { count, results };
}
