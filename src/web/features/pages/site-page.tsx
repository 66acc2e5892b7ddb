import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import type { RouteDeps } from '../../app/routes.js';
import { formatDate } from '../../lib/format.js';
import { Head } from '../../ui/head.js';
import { sitePageQuery } from './page-query.js';

/** A draft or unknown slug is the API's 404, which the route turns into the not-found page. */
export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(sitePageQuery(http, params.slug ?? '', lang));
  return null;
}

/** One of the site's own pages (terms of use, privacy...), as staff wrote it, in the reader's language. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const slug = useParams().slug ?? '';
  const { data: page } = useSuspenseQuery(sitePageQuery(http, slug, lang));
    return (
    <article className="site-page">
      <Head title={page.title} description={page.summary} canonical={paths.page(page.slug)} />
      <header className="page-header">
        <h1>{page.title}</h1>
        <p className="site-page__updated">
          {t('sitePage.updated')} <time dateTime={page.updated_at}>{formatDate(lang, page.updated_at)}</time>
        </p>
      </header>
      {/* Sanitised by the server (platform/markdown.ts). */}
      <div className="prose site-page__body" dangerouslySetInnerHTML={{ __html: page.body_html }} />
    </article>
  );
}
