import type { ArticleDetail } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import { API_PREFIX } from '../../../../shared/api/prefix.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { paths } from '../../../app/paths.js';
import { isDeviceCopy } from '../../../lib/device-copy.js';
import type { DownloadPlan, PlanEntry } from '../../../lib/offline/download.js';
import { SaveStopped } from '../../../lib/offline/save-offline-machine.js';
import type { SavePlanner } from '../../../lib/offline/save-service.js';
import { RELATED_LIMIT } from '../api/articles.js';
import { articleApiUrl } from './article-url.js';

/*
 * What saving an article stores: its page (as a guest sees it: the worker opens it with the network off), its
 * own API answer as the saver reads it (a member's carries the premium body, its own media signed for them),
 * the related list the page shows, and every image, audio or file of this site the body and the cover load.
 * The answer is fetched first, because the body names the media to store, and is stored as it was fetched.
 */

const MEDIA_ATTRIBUTE = /\s(?:src|poster)="([^"]+)"|\shref="([^"]+)"/g;

const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** A path on this site, or null for another host or a non-HTTP link. */
function sameSitePath(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}

/**
 * The media of this site that an article's body loads (`src`, `poster`) or links to as files (`href` to
 * uploads and member media), each once. Media of other hosts are not saved (their bytes are not ours to keep).
 * An article's own member media come signed in the reader's copy; another owner's files are left out.
 */
export function articleMediaUrls(articleId: number, html: string | null): string[] {
  if (!html) return [];
  const found = new Set<string>();
  for (const match of html.matchAll(MEDIA_ATTRIBUTE)) {
    const raw = match[1] ?? match[2];
    const url = raw === undefined ? null : sameSitePath(decode(raw));
    if (!url) continue;
    const memberMedia = url.startsWith(`${API_PREFIX}/member_media/`);
    if (memberMedia && !url.startsWith(`${API_PREFIX}/member_media/article/${articleId}/`)) continue;
    // Links count only when they point at files; a link to another page is not media.
    if (match[2] !== undefined && !memberMedia && !url.startsWith('/uploads/') && !url.startsWith('/media/')) continue;
    found.add(url);
  }
  return [...found];
}

export { articleApiUrl };

/** The related list as the page asks for it. */
export const relatedApiUrl = (id: number, lang: Language) =>
  `${API_PREFIX}${contentPaths.articleRelated.replace(':id', String(id))}?limit=${RELATED_LIMIT}&lang=${lang}`;

/**
 * An article's plan from the answer the saver got (`answerBytes` its size): the page, the answer, the related
 * list, then the cover and the body's media. The version is the article's update time.
 */
export function articlePlan(article: ArticleDetail, answerBytes: number, title: string, owner: number, lang: Language): DownloadPlan {
  const entries: PlanEntry[] = [
    { url: paths.article(article.id), bytes: null, lesson: null, personal: false, page: true },
    { url: articleApiUrl(article.id, lang), bytes: answerBytes, lesson: null, personal: owner > 0, page: false },
    { url: relatedApiUrl(article.id, lang), bytes: null, lesson: null, personal: false, page: false },
  ];
  const cover = article.cover ? sameSitePath(article.cover) : null;
  const media = [...new Set([...(cover ? [cover] : []), ...articleMediaUrls(article.id, article.content_html)])];
  for (const url of media) entries.push({ url, bytes: null, lesson: null, personal: false, page: false });
  return { kind: 'article', id: article.id, title, version: article.updated_at, owner, lessonIds: [], entries, membersOnly: article.access === 'plan' || (article.access === 'premium' && !article.free_read) };
}

export interface ArticlePlannerDeps {
  /** The reader's token (a user's saves are their own copy); undefined for a guest. */
  token: () => Promise<string | undefined>;
  /** The page's language: the answers are stored under the URLs the page reads them from, names in it. */
  lang: Language;
  fetch?: typeof fetch;
}

/**
 * Plans an article's save: reads the article as the saver may read it (a user with their token, a guest
 * without: never the metered unlock, so saving spends no read), refuses a locked one, and hands the answer on
 * to be stored as it is, so the body and the stored media name the same signed URLs.
 */
export function articlePlanner(deps: ArticlePlannerDeps): SavePlanner {
  return async (request) => {
    if (request.kind !== 'article') throw new SaveStopped('refused');
    const url = articleApiUrl(request.id, deps.lang);
    const headers = new Headers({ accept: 'application/json' });
    const token = request.owner > 0 ? await deps.token() : undefined;
    if (request.owner > 0 && !token) throw new SaveStopped('refused');
    if (token) headers.set('authorization', `Bearer ${token}`);
    const send = deps.fetch ?? ((input, init) => fetch(input, init));
    let response: Response;
    try {
      response = await send(url, { headers, credentials: 'same-origin', cache: 'no-store' });
    } catch {
      throw new SaveStopped('offline');
    }
    // The worker answered from the device: there is no connection to save from.
    if (isDeviceCopy(response)) throw new SaveStopped('offline');
    if (!response.ok) throw new SaveStopped('refused');
    const text = await response.text();
    const article = JSON.parse(text) as ArticleDetail;
    if (article.locked || article.content_html === null) throw new SaveStopped('refused');
    // Stored decoded: its encoding and length headers would no longer describe it.
    const kept = new Headers(response.headers);
    kept.delete('content-encoding');
    kept.delete('content-length');
    const bytes = new Blob([text]).size;
    return {
      plan: articlePlan(article, bytes, request.title, request.owner, deps.lang),
      primed: [{ url, response: new Response(text, { status: 200, headers: kept }) }],
    };
  };
}
