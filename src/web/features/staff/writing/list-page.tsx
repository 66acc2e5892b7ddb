import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { EDITABLE_KINDS } from '../../../../shared/api/content-editorial-paths.js';
import { useHttp } from '../../../app/context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { Head } from '../../../ui/head.js';
import { writingListQuery, type EditableKind } from './writing-api.js';
import { writingPaths } from './writing-paths.js';
import { useWritingI18n } from './writing-i18n.js';
import './writing.css';

const TITLES = { article: 'write.articles', course: 'write.courses', lesson: 'write.lessons', page: 'write.pages' } as const;

/** `/staff/write/:kind`: everything of a kind, drafts and scheduled ones too, newest change first. */
export function Component() {
  const { t, lang } = useWritingI18n();
  const http = useHttp();
  const { kind } = useParams();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const valid = (EDITABLE_KINDS as readonly string[]).includes(kind ?? '');
  const list = useQuery({ ...writingListQuery(http, (valid ? kind : 'article') as EditableKind, page, search), enabled: valid, placeholderData: keepPreviousData });
  if (!valid) return <p className="form-error" role="alert">{t('error.notFoundTitle')}</p>;
  const k = kind as EditableKind;

  return (
    <>
      <Head title={t(TITLES[k])} noindex />
      <header className="page-header staff-header">
        <h1>{t(TITLES[k])}</h1>
        {k !== 'lesson' && <Link className="button" to={writingPaths.create(k)}>{t(`write.new.${k}`)}</Link>}
      </header>
      <form
        className="staff-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('search') ?? '').trim();
          setParams(value ? { search: value } : {});
        }}
      >
        <input type="search" name="search" aria-label={t('write.search')} defaultValue={search} />
        <button type="submit" className="button button--quiet">{t('write.search')}</button>
      </form>
      {list.error && <p className="form-error" role="alert">{describeServerError(list.error, t, lang)}</p>}
      {list.data?.count === 0 && <p>{t('write.none.found')}</p>}
      <ul className="staff-list">
        {list.data?.results.map((row) => (
          <li key={row.id} className="staff-row">
            <span className="staff-row__text">
              <span className="staff-row__title"><Link to={writingPaths.edit(k, row.id)}>{row.title || t('write.untitled')}</Link></span>
              <span className="staff-row__meta">
                <span className={row.status === 'live' ? 'staff-tag staff-tag--live' : 'staff-tag'}>{t(`write.status.${row.status}`)}</span>{' '}
                {row.scheduled_at ? t('write.scheduledFor', { date: new Date(row.scheduled_at).toLocaleString(lang) }) : t('write.updated', { date: new Date(row.updated_at).toLocaleString(lang) })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {list.data && (list.data.previous || list.data.next) && (
        <p>
          {list.data.previous && <Link to={`?${new URLSearchParams({ search, page: String(page - 1) }).toString()}`}>←</Link>}{' '}
          {list.data.next && <Link to={`?${new URLSearchParams({ search, page: String(page + 1) }).toString()}`}>→</Link>}
        </p>
      )}
    </>
  );
}
