import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { ArticleGrid } from './article-grid.js';
import { FeedLink } from './feed-link.js';
import { PageHeader } from './page-header.js';

export const LIST_PAGE_SIZE = 12;

export interface ArticleListPageProps {
  /** What the list belongs to (category, tag...), shown above the heading. */
  kicker: string;
  /** The heading; also the document title unless `headTitle` is given. */
  title: string;
  /** The document title where it differs from the heading (a tag's is "#name"). */
  headTitle?: string;
  /** The owner's own description, shown under the heading. */
  description: string;
  /** The meta description when the owner has none. */
  fallbackDescription: string;
  /** Path of the first page: the canonical URL of every page is built from it. */
  path: string;
  image?: string | null;
  /** The list's feeds (RSS shown as a link named after the title; both advertised in the head). */
  feeds?: { rss: string; atom: string };
  /** More of the header, before the feed link (an avatar, a cover). */
  children?: ReactNode;
  list: Paginated<ArticleCard>;
  page: number;
  pageSize?: number;
}

/** The body of every article list page (category, tag, topic, author): head, header, cards, pagination. */
export function ArticleListPage({
  kicker,
  title,
  headTitle = title,
  description,
  fallbackDescription,
  path,
  image,
  feeds,
  children,
  list,
  page,
  pageSize = LIST_PAGE_SIZE,
}: ArticleListPageProps) {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <>
      <Head
        title={page > 1 ? t('list.titlePage', { title: headTitle, page }) : headTitle}
        description={description || fallbackDescription}
        canonical={pageHref(path, '', page)}
        image={image}
        feeds={
          feeds && [
            { href: feeds.rss, type: 'rss', title: t('feed.rssOf', { name: title }) },
            { href: feeds.atom, type: 'atom', title: t('feed.atomOf', { name: title }) },
          ]
        }
      />
      <PageHeader kicker={kicker} title={title} description={description}>
        {children}
        {feeds && <FeedLink href={feeds.rss} name={title} />}
      </PageHeader>
      <p className="list-count">{t(list.count === 1 ? 'list.countOne' : 'list.count', { count: list.count })}</p>
      <ArticleGrid articles={list.results} count={list.count} level={2} />
      <Pagination page={page} count={list.count} pageSize={pageSize} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
    </>
  );
}
