import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Paginated } from '../../../../shared/api/common.js';
import { useI18n } from '../../../app/context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/** One list of the activity page: loading, its error, a sentence when it is empty, else one entry per item. */
export function ActivityList<T extends { id: number }>({
  query,
  empty,
  item,
}: {
  query: UseQueryResult<Paginated<T>>;
  empty: string;
  item: (entry: T) => ReactNode;
}) {
  const { t, lang } = useI18n();
  if (query.error) {
    return (
      <p className="form-error" role="alert">
        {describeServerError(query.error, t, lang)}
      </p>
    );
  }
  if (!query.data) return <p role="status">{t('common.loading')}</p>;
  if (query.data.results.length === 0) return <p>{empty}</p>;
  return (
    <ul className="activity-list">
      {query.data.results.map((entry) => (
        <li key={entry.id} className="activity-item">
          {item(entry)}
        </li>
      ))}
    </ul>
  );
}
