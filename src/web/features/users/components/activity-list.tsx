import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Paginated } from '../../../../shared/api/common.js';
import { useI18n } from '../../../app/context.js';
import { formatNumber } from '../../../lib/format.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/**
 * One list of the activity page: loading, its error, a sentence when it is empty, else one entry per item, with
 * a button for the next page while there is one.
 */
export function ActivityList<T extends { id: number }>({
  query,
  empty,
  item,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Paginated<T>>>;
  empty: string;
  item: (entry: T) => ReactNode;
}) {
  const { t, lang } = useI18n();
  if (query.error && !query.data) {
    return (
      <p className="form-error" role="alert">
        {describeServerError(query.error, t, lang)}
      </p>
    );
  }
  if (!query.data) return <p role="status">{t('common.loading')}</p>;
  const entries = query.data.pages.flatMap((page) => page.results);
  if (entries.length === 0) return <p>{empty}</p>;
  const total = query.data.pages[0]?.count ?? entries.length;
  return (
    <>
      <ul className="activity-list">
        {entries.map((entry) => (
          <li key={entry.id} className="activity-item">
            {item(entry)}
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {describeServerError(query.error, t, lang)}
        </p>
      )}
      {query.hasNextPage && (
        <p>
          <button type="button" className="button button--quiet" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('activity.more', { shown: formatNumber(lang, entries.length), count: formatNumber(lang, total) })}
          </button>
        </p>
      )}
    </>
  );
}
