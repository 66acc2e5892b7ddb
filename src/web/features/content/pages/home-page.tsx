import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { PlainText } from '../../../ui/plain-text.js';
import { articleSummariesQuery, hotArticlesQuery, hotBannerArticlesQuery } from '../api/articles.js';
import { announcementsQuery, bannersQuery, SLOT_KEYS, slotTextsQuery, slotWithKey } from '../api/editorial.js';
import { AnnouncementBanner } from '../components/announcement-banner.js';
import { AnnouncementBar } from '../components/announcement-bar.js';
import { ArticleGrid } from '../components/article-grid.js';
import { BannerStrip } from '../components/banner-strip.js';
import { HotList } from '../components/hot-list.js';

const LATEST_PAGE_SIZE = 12;
const latestParams = (page: number) => ({ page, page_size: LATEST_PAGE_SIZE });

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { request }: LoaderFunctionArgs) {
  const page = requirePage(request);
  // The articles are the page; banners and announcements decorate it, so a failure there must not
  // take the page down (prefetchQuery never throws; their components render nothing without data).
  await Promise.all([
    queryClient.ensureQueryData(articleSummariesQuery(http, latestParams(page), lang)),
    queryClient.ensureQueryData(hotArticlesQuery(http, lang)),
    queryClient.prefetchQuery(bannersQuery(http, lang)),
    queryClient.prefetchQuery(hotBannerArticlesQuery(http, lang)),
    queryClient.prefetchQuery(announcementsQuery(http, lang)),
    queryClient.prefetchQuery(slotTextsQuery(http, lang, SLOT_KEYS.homeIntro)),
  ]);
  return null;
}

export function Component() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t, lang } = useI18n();
  const location = useLocation();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data: latest } = useSuspenseQuery(articleSummariesQuery(http, latestParams(page), lang));
  const { data: hot } = useSuspenseQuery(hotArticlesQuery(http, lang));
  const banners = useQuery(bannersQuery(http, lang)).data ?? [];
  const hotBanner = useQuery(hotBannerArticlesQuery(http, lang)).data ?? [];
  const announcements = useQuery(announcementsQuery(http, lang)).data ?? [];
  const intro = slotWithKey(useQuery(slotTextsQuery(http, lang, SLOT_KEYS.homeIntro)).data, SLOT_KEYS.homeIntro);
  return (
    <>
      <Head
        title={page > 1 ? t('home.titlePage', { site: siteName, page }) : siteName}
        description={t('site.tagline')}
        canonical={pageHref('/', '', page)}
      />
      <AnnouncementBanner announcements={announcements} />
      <AnnouncementBar announcements={announcements} />
      <header className="hero">
        <h1 className="hero__title">{siteName}</h1>
        <p className="hero__tagline">{intro?.title || t('site.tagline')}</p>
        {intro && page === 1 && <PlainText className="hero__intro" text={intro.text} />}
      </header>
      {page === 1 && <BannerStrip banners={banners} hotArticles={hotBanner} />}
      <div className="home-layout">
        <section className="home-layout__main" aria-labelledby="latest-title">
          <h2 id="latest-title">{t('home.latest')}</h2>
          <ArticleGrid articles={latest.results} count={latest.count} />
          <Pagination page={page} count={latest.count} pageSize={LATEST_PAGE_SIZE} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
        </section>
        <aside className="home-layout__aside" aria-labelledby="hot-title">
          <h2 id="hot-title">{t('home.hot')}</h2>
          <HotList articles={hot} />
        </aside>
      </div>
    </>
  );
}
