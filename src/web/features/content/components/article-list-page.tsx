import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Paginated } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { ArticleGrid } from './article-grid.js';

export const LIST_PAGE_SIZE = 12;

interface ArticleListPageProps {
  header: ReactNode;
  list: Paginated<ArticleCard>;
  page: number;
  pageSize?: number;
}

/** The body of every article list page (category, tag, topic, author): header, cards, pagination. */
export function ArticleListPage({ header, list, page, pageSize = LIST_PAGE_SIZE }: ArticleListPageProps) {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <>
      {header}
      <p className="list-count">{t(list.count === 1 ? 'list.countOne' : 'list.count', { count: list.count })}</p>
      <ArticleGrid articles={list.results} level={2} />
      <Pagination page={page} count={list.count} pageSize={pageSize} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
    </>
  );
}
