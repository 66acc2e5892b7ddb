import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAppEnv, useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { articleSummariesQuery } from '../api/articles.js';

export async function loader({ queryClient, http }: RouteDeps) {
  await queryClient.ensureQueryData(articleSummariesQuery(http, { page: 1, page_size: 24 }));
  return null;
}

export function Component() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t } = useI18n();
  const { data } = useSuspenseQuery(articleSummariesQuery(http, { page: 1, page_size: 24 }));
  return (
    <>
      <Head title={siteName} description={t('site.tagline')} canonical="/" />
      <h1>{siteName}</h1>
      <ul>
        {data.results.map((a) => (
          <li key={a.id}>
            <Link to={paths.article(a.id)}>{a.title}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
