import { useQuery } from '@tanstack/react-query';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { feedPaths, paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { categoriesQuery } from '../api/catalog.js';
import { PageHeader } from '../components/page-header.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  // The category list only adds ready-made links; the page explains the feeds without it.
  await queryClient.prefetchQuery(categoriesQuery(http, lang));
  return null;
}

/** A feed address as the reader copies it: absolute, in code. */
function FeedAddress({ path }: { path: string }) {
  const { publicUrl } = useAppEnv();
  return (
    <a href={path} type="application/rss+xml">
      <code>{`${publicUrl}${path}`}</code>
    </a>
  );
}

export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const categories = useQuery(categoriesQuery(http, lang)).data ?? [];
  return (
    <>
      <Head title={t('rss.title')} description={t('rss.intro')} canonical={paths.aboutRss()} />
      <PageHeader title={t('rss.title')} description={t('rss.intro')} />
      <div className="prose">
        <h2>{t('rss.allTitle')}</h2>
        <dl className="feed-list">
          <dt>{t('rss.rss')}</dt>
          <dd><FeedAddress path={feedPaths.rss()} /></dd>
          <dt>{t('rss.atom')}</dt>
          <dd><FeedAddress path={feedPaths.atom()} /></dd>
        </dl>
        <h2>{t('rss.narrowTitle')}</h2>
        <p>{t('rss.narrowText')}</p>
        <dl className="feed-list">
          <dt>{t('rss.perCategory')}</dt>
          <dd><code>{feedPaths.category('{id}')}</code></dd>
          <dt>{t('rss.perTag')}</dt>
          <dd><code>{feedPaths.tag('{id}')}</code></dd>
          <dt>{t('rss.perAuthor')}</dt>
          <dd><code>{feedPaths.author('{id}')}</code></dd>
        </dl>
        {categories.length > 0 && (
          <>
            <h2>{t('rss.categoriesTitle')}</h2>
            <ul className="feed-categories">
              {categories.map((category) => (
                <li key={category.id}>
                  <a href={feedPaths.category(category.id)} type="application/rss+xml">{category.name}</a>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2>{t('rss.summariesTitle')}</h2>
        <p>{t('rss.summariesText')}</p>
      </div>
    </>
  );
}
