import type { SearchHit } from '../../../../shared/api/content.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import { decideArticleAccess, entitlementOfActor, type AccessSubject, type Entitlement } from '../access.js';
import { cardsByIds, type Page } from '../articles/service.js';
import { countMatches, pageOfMatches, type BodyAccess } from './repo.js';
import { buildSnippet } from './snippet.js';
import { planSearch } from './terms.js';

export interface SearchInput extends PageQuery {
  q: string;
  category?: number;
}

/**
 * A premium article that is not a free read: whoever may read it (staff, members) may read every premium
 * body. Metered reads do not count here: they open one article at a time, never a search over all.
 */
const PREMIUM_BODY: AccessSubject = { access: 'premium', free_read: false };

/** The bodies the caller may search: every one for staff, else premium ones for members and their plans' ones. */
function bodyAccess(who: Entitlement): BodyAccess {
  if (who.staff) return 'all';
  return { premium: decideArticleAccess(who, PREMIUM_BODY).can_read, plans: who.plans };
}

/**
 * Published articles matching the query, best first. A body is searched, and quoted in a snippet, only for a
 * caller allowed to read the article; for others a premium article matches on its title and summary, and the
 * snippet comes from them.
 */
export async function searchArticles(ctx: AppContext, actor: Actor | null, input: SearchInput, lang?: Language): Promise<Page<SearchHit>> {
  const plan = planSearch(input.q);
  if (!plan) return { count: 0, results: [] };
  const { kysely, engine } = ctx.db;
  const who = await entitlementOfActor(ctx, actor);
  const filters = { category: input.category, now: nowIso(), premiumBodies: bodyAccess(who) };
  const [count, rows] = await Promise.all([
    countMatches(kysely, engine, plan, filters),
    pageOfMatches(kysely, engine, plan, filters, input.page_size, offsetOf(input)),
  ]);
  const cards = new Map((await cardsByIds(ctx, rows.map((r) => r.id), lang)).map((c) => [c.id, c]));
  const results: SearchHit[] = [];
  for (const row of rows) {
    const card = cards.get(row.id);
    if (!card) continue;
    const { can_read } = decideArticleAccess(who, row);
    const snippet = buildSnippet({ title: row.title, summary: row.summary, body: can_read ? row.body_text : null }, plan);
    results.push({ ...card, snippet, rank: row.score });
  }
  return { count, results };
}
