import { feedPaths, paths } from '../../../app/paths.js';
import { parseId } from '../../../app/route-params.js';
import { articlesByAuthorQuery } from '../api/articles.js';
import { authorQuery } from '../api/catalog.js';
import { LIST_PAGE_SIZE } from '../components/article-list-page.js';
import { catalogListRoute } from '../components/catalog-list-route.js';

export const { loader, Component } = catalogListRoute({
  keyOf: (params) => parseId(params.id),
  idOf: (id) => id,
  owner: authorQuery,
  articles: (http, id, page, lang) => articlesByAuthorQuery(http, id, page, LIST_PAGE_SIZE, lang),
  view: (author, t) => ({
    kicker: t('author.kicker'),
    title: author.display_name,
    description: author.description,
    fallbackDescription: t('author.description', { name: author.display_name }),
    path: paths.author(author.id),
    image: author.avatar,
    feeds: { rss: feedPaths.author(author.id), atom: feedPaths.author(author.id, 'atom') },
    children: author.avatar && <img className="avatar" src={author.avatar} alt="" width={64} height={64} />,
  }),
});
