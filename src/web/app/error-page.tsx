import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router-dom';
import { DEFAULT_ERROR_STATUS } from '../../shared/constants.js';
import { hideSecretSegment } from '../../shared/secret-paths.js';
import { useI18n } from './context.js';
import { Head } from '../ui/head.js';
import { isOfflineRouteError } from '../features/pwa/offline-error.js';
import { OfflineView } from '../features/pwa/offline-view.js';

interface ErrorViewProps {
  status: number;
  title?: string;
  message?: string;
}

/** SPEC section 2: a not-found variant for 404, otherwise a server-error variant (default 500). */
export function ErrorView({ status, title, message }: ErrorViewProps) {
  const { t } = useI18n();
  const location = useLocation();
  const notFound = status === 404;
  const heading = title ?? (notFound ? t('error.notFoundTitle') : status === 403 ? t('error.forbiddenTitle') : t('error.serverTitle'));
  const text = message ?? (notFound ? t('error.notFound', { path: hideSecretSegment(location.pathname, '…') }) : status === 403 ? t('error.forbidden') : t('error.server'));
  return (
    <section className="error-page" aria-labelledby="error-title">
      <Head title={heading} description={text} noindex />
      <p className="error-page__status" aria-hidden="true">{status}</p>
      <h1 id="error-title">{heading}</h1>
      <p className="error-page__message">{text}</p>
      <Link to="/" className="button">{t('error.backHome')}</Link>
    </section>
  );
}

/**
 * The page speaks the reader's language: a server's or script's own message (English, technical) is never
 * shown; the status picks the words.
 */
export function ErrorPage() {
  const error = useRouteError();
  if (isOfflineRouteError(error)) return <OfflineView />;
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} />;
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : DEFAULT_ERROR_STATUS;
  return <ErrorView status={status >= 400 ? status : DEFAULT_ERROR_STATUS} />;
}
