import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { formatNumber } from '../../../lib/format.js';
import { Head } from '../../../ui/head.js';
import { MemberAreaNav } from '../../../ui/member-area-nav.js';
import { PlanList } from '../../../ui/plan-list.js';
import { meterTermsQuery, priceCardQuery } from '../api/membership.js';
import { JoinNote } from '../components/join-note.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  await Promise.all([queryClient.ensureQueryData(priceCardQuery(http, lang)), queryClient.ensureQueryData(meterTermsQuery(http))]);
  return null;
}

/**
 * `/member/intro`: what each plan gives (its perks, from the plans), how the metered paywall works with the
 * allowances this site is configured with, and the ways to become a member here (public, rendered by the server).
 */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { data: plans } = useSuspenseQuery(priceCardQuery(http, lang));
  const { data: meter } = useSuspenseQuery(meterTermsQuery(http));
  return (
    <div className="member-page">
      <Head title={t('memberIntro.title')} description={t('memberIntro.description')} canonical={paths.memberIntro()} />
      <header className="page-header">
        <p className="page-header__kicker">{t('member.title')}</p>
        <h1>{t('memberIntro.title')}</h1>
        <p className="page-header__description">{t('memberIntro.description')}</p>
      </header>
      <section aria-labelledby="intro-perks-title">
        <h2 id="intro-perks-title">{t('memberIntro.perksTitle')}</h2>
        {plans.length === 0 ? <p>{t('member.noPlans')}</p> : <PlanList plans={plans} footer={<JoinNote />} />}
      </section>
      <section aria-labelledby="intro-meter-title">
        <h2 id="intro-meter-title">{t('memberIntro.meterTitle')}</h2>
        <p>{t('memberIntro.meterText')}</p>
        <ul className="meter-facts">
          <li>
            <span className="meter-facts__figure">{formatNumber(lang, meter.free_reads_guest)}</span> {t('memberIntro.meterGuest')}
          </li>
          <li>
            <span className="meter-facts__figure">{formatNumber(lang, meter.free_reads_user)}</span> {t('memberIntro.meterUser')}
          </li>
        </ul>
        <p>{t('memberIntro.meterRules')}</p>
      </section>
      <section aria-labelledby="intro-join-title">
        <h2 id="intro-join-title">{t('memberIntro.joinTitle')}</h2>
        <ol className="join-steps">
          <li>
            {t('memberIntro.stepAccount')}{' '}
            <Link to={paths.signup(paths.memberIntro())}>{t('paywall.signup')}</Link> · <Link to={paths.login(paths.memberIntro())}>{t('article.login')}</Link>
          </li>
          <li>{t('membership.howTo')}</li>
          <li>
            <Link to={paths.myMembership()}>{t('memberIntro.stepRedeem')}</Link>
          </li>
          <li>
            <Link to={paths.memberEnquiry()}>{t('memberIntro.stepAsk')}</Link>
          </li>
        </ol>
      </section>
      <MemberAreaNav />
    </div>
  );
}
