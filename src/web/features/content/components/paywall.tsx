import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { MembershipStatus } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { PAYWALLED_CLASS } from './article-json-ld.js';

// The plans show only once the browser has asked for the reader's status (never in the server's HTML), so the
// price cards' code loads then, outside the article's first visit.
const PlanList = lazy(() => import('../../../ui/plan-list.js').then((m) => ({ default: m.PlanList })));

interface PaywallProps {
  /** The caller's status; null while it is asked (or when asking failed, with `failed`). */
  status: MembershipStatus | null;
  checking: boolean;
  failed?: boolean;
  /** Where login and sign-up come back to. */
  next: string;
}

/**
 * In place of a premium article's body when the caller may not read it: the month's meter when it applies,
 * sign-up and login for a guest, the plans that open the article for a user, and how to become a member
 * (the shop does not sell plans yet, so there is nothing to buy here).
 */
export function Paywall({ status, checking, failed = false, next }: PaywallProps) {
  const { t } = useI18n();
  const guest = status ? status.reason === 'login_required' : true;
  const metered = status !== null && status.reads_left !== null && status.reads_limit !== null;
  return (
    <section className={`${PAYWALLED_CLASS} locked-notice`} aria-labelledby="locked-title">
      <h2 id="locked-title">{t('article.lockedTitle')}</h2>
      {metered && (
        <p className="locked-notice__meter">{t('paywall.readsLeft', { left: status.reads_left!, limit: status.reads_limit! })}</p>
      )}
      {status === null ? (
        <p>{t('article.lockedText')}</p>
      ) : guest ? (
        <p>{t('paywall.guestText')}</p>
      ) : (
        status.plans.length > 0 && (
          <>
            <p>{t('paywall.userText')}</p>
            <Suspense fallback={null}>
              <PlanList plans={status.plans} />
            </Suspense>
          </>
        )
      )}
      {guest && (
        <p className="locked-notice__actions">
          <Link className="button" to={paths.signup(next)}>{t('paywall.signup')}</Link>{' '}
          <Link className="button button--quiet" to={paths.login(next)}>{t('article.login')}</Link>
        </p>
      )}
      {status !== null && (
        <p className="locked-notice__how">
          {t('membership.howTo')} <Link to={paths.member()}>{t('member.seePlans')}</Link>
        </p>
      )}
      <p className="locked-notice__status" role="status">
        {checking ? t('article.checkingAccess') : failed ? t('paywall.failed') : ''}
      </p>
    </section>
  );
}
