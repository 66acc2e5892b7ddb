import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { useStaffI18n } from '../staff-i18n.js';

interface StaffListProps<T> {
  list: UseQueryResult<{ count: number; results: T[] }>;
  /** The title search the list answers, for its "nothing found" line. */
  search: string;
  page: number;
  pageSize: number;
  /** Extra class of the list (`staff-list--images`). */
  className?: string;
  /** One row's content, inside its `<li class="staff-row">`. */
  renderRow: (item: T) => ReactNode;
}

/**
 * A back-office list as it loads: its error with a retry, a loading line, the "nothing found" line (or, past the
 * last page, the way back to the first), or the count, the rows and the pages.
 */
export function StaffList<T extends { id: number }>({ list, search, page, pageSize, className, renderRow }: StaffListProps<T>) {
  const { t, lang } = useStaffI18n();
  const location = useLocation();
  if (list.error) {
    return (
      <>
        <p className="form-error" role="alert">{describeServerError(list.error, t, lang)}</p>
        <button type="button" className="button" onClick={() => void list.refetch()}>{t('common.retry')}</button>
      </>
    );
  }
  if (!list.data) return <p role="status">{t('common.loading')}</p>;
  const pages = <Pagination page={page} count={list.data.count} pageSize={pageSize} hrefFor={(n) => pageHref(location.pathname, location.search, n)} />;
  // A page past the last (an old link, a list that shrank): the pages say so and lead back to the first.
  if (list.data.results.length === 0) return list.data.count > 0 ? pages : <p className="empty">{search ? t('staff.noneFound', { search }) : t('staff.none')}</p>;
  return (
    <>
      <p className="list-count">{t('staff.found', { count: list.data.count })}</p>
      <ul className={className ? `staff-list ${className}` : 'staff-list'}>
        {list.data.results.map((item) => (
          <li key={item.id} className="staff-row">
            {renderRow(item)}
          </li>
        ))}
      </ul>
      {pages}
    </>
  );
}
