import { paths } from '../../../app/paths.js';
import { parseId } from '../../../app/route-params.js';
import { topicArticlesQuery, topicQuery } from '../api/catalog.js';
import { LIST_PAGE_SIZE } from '../components/article-list-page.js';
import { catalogListRoute } from '../components/catalog-list-route.js';

/** A topic's articles, in the order its editors set. */
export const { loader, Component } = catalogListRoute({
  keyOf: (params) => parseId(params.id),
  idOf: (id) => id,
  owner: topicQuery,
  articles: (http, id, page, lang) => topicArticlesQuery(http, id, page, LIST_PAGE_SIZE, lang),
  view: (topic, t) => ({
    kicker: t('topic.kicker'),
    title: topic.name,
    description: topic.description,
    fallbackDescription: t('topic.description', { name: topic.name }),
    path: paths.topic(topic.id),
    image: topic.cover,
    children: topic.cover && <img className="page-header__cover" src={topic.cover} alt="" decoding="async" />,
  }),
});
