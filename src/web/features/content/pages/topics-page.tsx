import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { TOPIC_PAGE_SIZE, topicsQuery } from '../api/catalog.js';
import { PageHeader } from '../components/page-header.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { request }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(topicsQuery(http, requirePage(request), lang));
  return null;
}

export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const location = useLocation();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data } = useSuspenseQuery(topicsQuery(http, page, lang));
  return (
    <>
      <Head title={t('topics.title')} description={t('topics.description')} canonical={pageHref(paths.topics(), '', page)} />
      <PageHeader title={t('topics.title')} description={t('topics.description')} />
      {data.count === 0 ? (
        <p className="empty">{t('topics.empty')}</p>
      ) : (
        <ul className="tile-grid">
          {data.results.map((topic) => (
            <li key={topic.id} className="tile">
              {topic.cover && <img className="tile__cover" src={topic.cover} alt="" loading="lazy" decoding="async" />}
              <h2 className="tile__title">
                <Link to={paths.topic(topic.id)}>{topic.name}</Link>
              </h2>
              {topic.description && <p className="tile__text">{topic.description}</p>}
              <p className="meta">{t(topic.article_count === 1 ? 'list.countOne' : 'list.count', { count: topic.article_count })}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} count={data.count} pageSize={TOPIC_PAGE_SIZE} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
    </>
  );
}
