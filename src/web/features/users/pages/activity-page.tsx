import { useQuery } from '@tanstack/react-query';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { Paginated } from '../../../../shared/api/common.js';
import type { Report, Submission } from '../../../../shared/api/content.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { formatDate, formatNumber } from '../../../lib/format.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { useSession } from '../../../lib/session/session-context.js';
import { AccountSection } from '../components/account-section.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

const PERSONAL = { personal: true } as const;
const PAGE_SIZE = 50;

/** `/user/activity` (login): what the user sent the editors: their reports and their submitted files. */
export function Component() {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useI18n();
  const userId = session.auth?.userid ?? 0;
  const enabled = userId > 0;
  const reports = useQuery({
    queryKey: ['my-reports', userId],
    queryFn: () => http.get<Paginated<Report>>(contentPaths.reports, { page_size: PAGE_SIZE }),
    meta: PERSONAL,
    enabled,
  });
  const submissions = useQuery({
    queryKey: ['my-submissions', userId],
    queryFn: () => http.get<Paginated<Submission>>(contentPaths.submissionFile, { page_size: PAGE_SIZE }),
    meta: PERSONAL,
    enabled,
  });

  return (
    <AuthPage title={t('activity.title')} description={t('activity.description')} wide>
      <AccountSection id="reports" title={t('activity.reports')}>
        {reports.error ? (
          <p className="form-error" role="alert">{describeServerError(reports.error, t, lang)}</p>
        ) : !reports.data ? (
          <p role="status">{t('common.loading')}</p>
        ) : reports.data.results.length === 0 ? (
          <p>{t('activity.noReports')}</p>
        ) : (
          <ul className="activity-list">
            {reports.data.results.map((r) => (
              <li key={r.id} className="activity-item">
                <p className="activity-item__title">
                  {t(`activity.reason.${r.reason}`)} · {r.article_id ? t('activity.article', { id: r.article_id }) : r.url}
                </p>
                {r.detail && <p>{r.detail}</p>}
                <p className="meta">
                  {formatDate(lang, r.created_at)} · {t(`activity.reportStatus.${r.status}`)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </AccountSection>
      <AccountSection id="submissions" title={t('activity.submissions')}>
        {submissions.error ? (
          <p className="form-error" role="alert">{describeServerError(submissions.error, t, lang)}</p>
        ) : !submissions.data ? (
          <p role="status">{t('common.loading')}</p>
        ) : submissions.data.results.length === 0 ? (
          <p>{t('activity.noSubmissions')}</p>
        ) : (
          <ul className="activity-list">
            {submissions.data.results.map((s) => (
              <li key={s.id} className="activity-item">
                <p className="activity-item__title">{s.original_name}</p>
                {s.note && <p>{s.note}</p>}
                <p className="meta">
                  {formatDate(lang, s.created_at)} · {t('activity.size', { kb: formatNumber(lang, Math.ceil(s.size / 1024)) })} ·{' '}
                  {t(`activity.submissionStatus.${s.status}`)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </AccountSection>
    </AuthPage>
  );
}
