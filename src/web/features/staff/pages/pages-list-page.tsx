import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { formatDate } from '../../../lib/format.js';
import { Head } from '../../../ui/head.js';
import { PAGE_LIST_SIZE, pageListQuery, type PageListParams } from '../api/pages.js';
import { ListSearch, useListParams } from '../components/list-search.js';
import { StaffList } from '../components/staff-list.js';
import { useStaffI18n } from '../staff-i18n.js';
import { staffPaths } from '../staff-paths.js';

/** What a screen that sent the reader here has to say (a page deleted). */
export interface StaffNotice {
  notice?: string;
}

/** `/staff/pages`: the site's pages, searched by title, live pages or drafts only, twenty at a time. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useStaffI18n();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { page, search } = useListParams();
  const liveParam = searchParams.get('live');
  const live: PageListParams['live'] = liveParam === 'true' || liveParam === 'false' ? liveParam : '';
  const list = useQuery({ ...pageListQuery(http, { page, search, live }), placeholderData: keepPreviousData });
  const notice = (location.state as StaffNotice | null)?.notice ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  const filterId = useId();
  // Sent here after deleting a page: the heading takes focus, so the reader starts at the list again.
  useEffect(() => {
    if (notice) heading.current?.focus();
  }, [notice]);

  return (
    <>
      <Head title={t('pagesAdmin.title')} noindex />
      <header className="page-header staff-header">
        <h1 ref={heading} tabIndex={-1}>{t('pagesAdmin.title')}</h1>
        <Link className="button" to={staffPaths.newPage()}>{t('pagesAdmin.new')}</Link>
      </header>
      <p className="staff-status" role="status">{notice}</p>
      <ListSearch>
        <div className="staff-search__field">
          <label htmlFor={filterId}>{t('pagesAdmin.filter')}</label>
          <select id={filterId} name="live" defaultValue={live} key={live}>
            <option value="">{t('pagesAdmin.all')}</option>
            <option value="true">{t('pagesAdmin.liveOnly')}</option>
            <option value="false">{t('pagesAdmin.draftOnly')}</option>
          </select>
        </div>
      </ListSearch>
      <StaffList
        list={list}
        search={search}
        page={page}
        pageSize={PAGE_LIST_SIZE}
        renderRow={(p) => (
          <>
            <h2 className="staff-row__title"><Link to={staffPaths.page(p.id)}>{p.title}</Link></h2>
            <p className="staff-row__meta">
              <span className={p.live ? 'staff-tag staff-tag--live' : 'staff-tag'}>{p.live ? t('pagesAdmin.live') : t('pagesAdmin.draft')}</span>
              <span className="staff-row__slug">/page/{p.slug}</span>
              <span>{p.show_in_footer ? t('pagesAdmin.inFooter') : t('pagesAdmin.notInFooter')}</span>
              <span>{p.last_published_at ? t('pagesAdmin.published', { date: formatDate(lang, p.last_published_at) }) : t('pagesAdmin.neverPublished')}</span>
            </p>
          </>
        )}
      />
    </>
  );
}
