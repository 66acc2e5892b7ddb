import { Link } from 'react-router-dom';
import { useI18n } from '../app/context.js';

interface PaginationProps {
  page: number;
  count: number;
  pageSize: number;
  /** The URL of a page of the same list. */
  hrefFor: (page: number) => string;
}

/**
 * Previous / next links of a `?page=` list, with where the reader is. Renders nothing for one page. A page past
 * the last (an old link, a list that shrank) says so and leads back to the first page.
 */
export function Pagination({ page, count, pageSize, hrefFor }: PaginationProps) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1 && page <= 1) return null;
  if (page > pages) {
    return (
      <p className="empty">
        {t('pagination.pastLast')} <Link to={hrefFor(1)}>{t('pagination.firstPage')}</Link>
      </p>
    );
  }
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link className="button button--quiet" to={hrefFor(Math.min(page - 1, pages))} rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="pagination__status" aria-current="page">
        {t('pagination.status', { page, pages })}
      </p>
      {page < pages ? (
        <Link className="button button--quiet" to={hrefFor(page + 1)} rel="next">
          {t('pagination.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The URL of `page` of the list at `pathname` with `search`, keeping its other parameters. */
export function pageHref(pathname: string, search: URLSearchParams | string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
