import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { commentsPaths } from '../../../../shared/api/comments-paths.js';
import type { UserComment } from '../../../../shared/api/comments.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { Paginated } from '../../../../shared/api/common.js';
import type { Report, Submission } from '../../../../shared/api/content-readers.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { formatDate, formatNumber } from '../../../lib/format.js';
import { pathOf } from '../../../lib/http.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { useSession } from '../../../lib/session/session-context.js';
import { AccountSection } from '../components/account-section.js';
import { ActivityList } from '../components/activity-list.js';

const PERSONAL = { personal: true } as const;
const PAGE_SIZE = 50;

/**
 * `/user/activity` (login): what the user sent the site: their comments (newest first, each with the page it is
 * on), their reports and their submitted files.
 */
export function Component() {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useI18n();
  const userId = session.auth?.userid ?? 0;
  const enabled = userId > 0;
  /** A list of the user's own, `PAGE_SIZE` at a time; more pages load on request. */
  const pages = <T,>(key: string, path: string) =>
    infiniteQueryOptions({
      queryKey: [key, userId],
      queryFn: ({ pageParam }) => http.get<Paginated<T>>(path, { page: pageParam, page_size: PAGE_SIZE }),
      initialPageParam: 1,
      getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
      meta: PERSONAL,
      enabled,
    });
  const comments = useInfiniteQuery(pages<UserComment>('my-comments', pathOf(commentsPaths.user, { id: userId })));
  const reports = useInfiniteQuery(pages<Report>('my-reports', contentPaths.reports));
  const submissions = useInfiniteQuery(pages<Submission>('my-submissions', contentPaths.submissionFile));

  return (
    <AuthPage title={t('activity.title')} description={t('activity.description')} wide>
      <AccountSection id="comments" title={t('activity.comments')}>
        <ActivityList
          query={comments}
          empty={t('activity.noComments')}
          item={(c) => (
            <>
              <p className="activity-item__title">
                {c.url && c.title ? <Link to={c.url}>{c.title}</Link> : t('activity.unavailable')}
              </p>
              {/* The server's sanitised HTML of the comment, as shown under what it is on. */}
              {c.comment && <div className="activity-item__text" dangerouslySetInnerHTML={{ __html: c.comment }} />}
              <p className="meta">
                {formatDate(lang, c.submit_date)}
                {c.parent ? ` · ${t('activity.reply')}` : ''}
              </p>
            </>
          )}
        />
      </AccountSection>
      <AccountSection id="reports" title={t('activity.reports')}>
        <ActivityList
          query={reports}
          empty={t('activity.noReports')}
          item={(r) => (
            <>
              <p className="activity-item__title">
                {t(`activity.reason.${r.reason}`)} · {r.article_id ? t('activity.article', { id: r.article_id }) : r.url}
              </p>
              {r.detail && <p>{r.detail}</p>}
              <p className="meta">
                {formatDate(lang, r.created_at)} · {t(`activity.reportStatus.${r.status}`)}
              </p>
            </>
          )}
        />
      </AccountSection>
      <AccountSection id="submissions" title={t('activity.submissions')}>
        <ActivityList
          query={submissions}
          empty={t('activity.noSubmissions')}
          item={(s) => (
            <>
              <p className="activity-item__title">{s.original_name}</p>
              {s.note && <p>{s.note}</p>}
              <p className="meta">
                {formatDate(lang, s.created_at)} · {t('activity.size', { kb: formatNumber(lang, Math.ceil(s.size / 1024)) })} ·{' '}
                {t(`activity.submissionStatus.${s.status}`)}
              </p>
            </>
          )}
        />
      </AccountSection>
    </AuthPage>
  );
}
