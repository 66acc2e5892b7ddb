import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStaffI18n } from '../staff-i18n.js';

/**
 * A list's title search (and any other filters given as children, named like their query parameters): sent, it
 * starts the list again at its first page with the new query.
 */
export function ListSearch({ children }: { children?: ReactNode }) {
  const { t } = useStaffI18n();
  const [params, setParams] = useSearchParams();
  const id = useId();
  return (
    <form
      className="staff-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const next = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
        setParams(next);
      }}
    >
      <div className="staff-search__field">
        <label htmlFor={id}>{t('staff.search')}</label>
        <input id={id} name="search" type="search" defaultValue={params.get('search') ?? ''} key={params.get('search') ?? ''} maxLength={200} />
      </div>
      {children}
      <button type="submit" className="button">{t('staff.searchButton')}</button>
    </form>
  );
}

/** The list's page and search from the address (a page that is no number is the first). */
export function useListParams() {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  return { page, search: params.get('search')?.trim() ?? '', params };
}
