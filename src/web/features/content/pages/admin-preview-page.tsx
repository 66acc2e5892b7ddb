import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { ErrorView } from '../../../app/error-page.js';
import { paths } from '../../../app/paths.js';
import { parseId, requireId, requireName } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { useAuthState } from '../../../lib/auth-state.js';
import { ApiError } from '../../../lib/http.js';
import { Head } from '../../../ui/head.js';
import { adminPreviewQuery, checkAdminPreviewSecret } from '../api/articles.js';
import { ArticleView } from '../components/article-view.js';

/** A wrong secret segment is a 404, as if the page did not exist. The article itself is never fetched here. */
export async function loader({ http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  requireId(params.id, request);
  await checkAdminPreviewSecret(http, requireName(params.secret, request));
  return null;
}

/**
 * Staff preview of any article, drafts included. The server renders it as a guest, so the article is
 * fetched here in the browser, with the staff member's token.
 */
export function Component() {
  const http = useHttp();
  const { t } = useI18n();
  const id = parseId(useParams().id)!;
  const location = useLocation();
  const { auth, ready } = useAuthState();
  const preview = useQuery({ ...adminPreviewQuery(http, id, auth.userid), enabled: ready && auth.isLogin === 1 });
  const head = <Head title={t('preview.title')} noindex />;
  const status = preview.error instanceof ApiError ? preview.error.status : 0;
  if (status === 403 || status === 404) return <ErrorView status={status} />;
  // An expired session is not sent (401): the same as not being logged in.
  if (ready && (!auth.isLogin || status === 401)) {
    return (
      <section className="notice-page">
        {head}
        <h1>{t('preview.title')}</h1>
        <p>{t('preview.loginNeeded')}</p>
        <p><Link className="button" to={paths.login(location.pathname)}>{t('article.login')}</Link></p>
      </section>
    );
  }
  if (!preview.data) {
    return (
      <section className="notice-page">
        {head}
        <h1>{t('preview.title')}</h1>
        <p role="status">{preview.error ? preview.error.message : t('preview.loading')}</p>
      </section>
    );
  }
  return (
    <>
      {head}
      <p className="preview-banner" role="note">
        {preview.data.status === 'draft' ? t('preview.draftNotice') : t('preview.notice')}
      </p>
      <ArticleView article={preview.data} />
    </>
  );
}
