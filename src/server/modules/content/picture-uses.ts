import type { AppContext } from '../../platform/context.js';
import { articlesUsingPicture } from './articles/staff-service.js';
import { bannersUsingPicture } from './banners/service.js';
import { topicsUsingPicture } from './topics/service.js';

/** Where the content shows a library picture (a cover, a banner, an article's text): what deleting it would break. */
export async function contentShowingPicture(ctx: AppContext, url: string): Promise<Array<{ what: string; id: number; title: string }>> {
  const [articles, topics, banners] = await Promise.all([articlesUsingPicture(ctx, url), topicsUsingPicture(ctx, url), bannersUsingPicture(ctx, url)]);
  return [...articles.map((r) => ({ what: 'article', ...r })), ...topics.map((r) => ({ what: 'topic', ...r })), ...banners.map((r) => ({ what: 'banner', ...r }))];
}
