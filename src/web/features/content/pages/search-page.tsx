import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { Form, Link, useSearchParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { SEARCH_MAX_LENGTH, SEARCH_PAGE_SIZE, searchQuery } from '../api/search.js';
import { ArticleBadges } from '../components/article-badges.js';
import { ArticleMeta } from '../components/article-meta.js';
import { PageHeader } from '../components/page-header.js';
import { SearchCourses } from '../components/search-courses.js';

type Terms = { kind: 'none' } | { kind: 'too-long' } | { kind: 'ok'; q: string };

/** What `?q=` asks for: nothing yet, something the API would refuse, or terms to search. */
function termsOf(search: URLSearchParams): Terms {
  const q = (search.get('q') ?? '').trim();
  if (!q) return { kind: 'none' };
  return q.length > SEARCH_MAX_LENGTH ? { kind: 'too-long' } : { kind: 'ok', q };
}

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { request }: LoaderFunctionArgs) {
  const page = requirePage(request);
  const terms = termsOf(new URL(request.url).searchParams);
  if (terms.kind === 'ok') await queryClient.ensureQueryData(searchQuery(http, terms.q, page, lang));
  return null;
}

function Results({ q, page }: { q: string; page: number }) {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { data } = useSuspenseQuery(searchQuery(http, q, page, lang));
  const hrefFor = (p: number) => pageHref(paths.search(), `q=${encodeURIComponent(q)}`, p);
  // Nothing matched only when no course did either: courses found above the articles say so themselves.
  const none = data.course_count > 0 ? t('search.noArticles', { q }) : t('search.noResults', { q });
  return (
    <>
      {/* Above the articles: a course is a whole series on the subject and a search finds few, and the API sends
          them with the first page only, so below ten articles (and their pages) a reader would miss them. */}
      <SearchCourses courses={data.courses} count={data.course_count} firstPage={page > 1 ? hrefFor(1) : null} />
      <section aria-labelledby="results-title">
        <h2 id="results-title" className="visually-hidden">{t('search.resultsTitle')}</h2>
        <p role="status" className="list-count">
          {data.count === 0 ? none : t(data.count === 1 ? 'search.countOne' : 'search.count', { count: data.count, q })}
        </p>
        {data.results.length === 0 ? (
          // A page past the last (an old link, fewer results since): the results start on the first.
          data.count > 0 && (
            <p className="empty">
              {t('search.nonePage')} <Link to={hrefFor(1)}>{t('search.firstPage')}</Link>
            </p>
          )
        ) : (
          <>
            <ol className="search-results">
              {data.results.map((hit) => (
                <li key={hit.id} className="search-hit" lang={hit.language}>
                  <ArticleBadges article={hit} />
                  <h3 className="search-hit__title">
                    <Link to={paths.article(hit.id)}>{hit.title}</Link>
                  </h3>
                  {/* The server escapes the text and adds only <mark> around the matches. */}
                  <p className="search-hit__snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
                  <ArticleMeta article={hit} />
                </li>
              ))}
            </ol>
            <Pagination page={page} count={data.count} pageSize={SEARCH_PAGE_SIZE} hrefFor={hrefFor} />
          </>
        )}
      </section>
    </>
  );
}

export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const terms = termsOf(search);
  const value = search.get('q') ?? '';
  const field = useRef<HTMLInputElement>(null);
  // Going back and forth in history shows the terms of that page, in the same field: a search keeps its focus.
  useEffect(() => {
    if (field.current && field.current.value !== value) field.current.value = value;
  }, [value]);
  // The answer the loader fetched (the results below read it too): a search that finds articles or courses is a page
  // worth finding; terms the API refuses and a page that finds nothing (or is past the last) are kept out of search engines' indexes.
  const found = useQuery({ ...searchQuery(http, terms.kind === 'ok' ? terms.q : '', page, lang), enabled: terms.kind === 'ok' });
  return (
    <>
      <Head
        title={terms.kind === 'ok' ? t('search.titleFor', { q: terms.q }) : t('search.title')}
        description={t('search.hint')}
        canonical={paths.search()}
        noindex={terms.kind === 'too-long' || (terms.kind === 'ok' && found.data?.results.length === 0 && found.data.courses.length === 0)}
      />
      <PageHeader title={t('search.title')} description={t('search.hint')} />
      <Form method="get" action={paths.search()} role="search" className="search-form">
        <label htmlFor="search-q">{t('search.label')}</label>
        <div className="search-form__row">
          <input ref={field} id="search-q" type="search" name="q" defaultValue={value} maxLength={SEARCH_MAX_LENGTH} required enterKeyHint="search" />
          <button type="submit" className="button">{t('search.submit')}</button>
        </div>
      </Form>
      {terms.kind === 'too-long' && <p role="alert" className="form-error">{t('search.tooLong', { max: SEARCH_MAX_LENGTH })}</p>}
      {terms.kind === 'ok' && <Results q={terms.q} page={page} />}
    </>
  );
}
