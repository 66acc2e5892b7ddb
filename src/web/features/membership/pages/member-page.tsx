import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { MemberAreaNav } from '../../../ui/member-area-nav.js';
import { PlanList } from '../../../ui/plan-list.js';
import { priceCardQuery } from '../api/membership.js';
import { JoinNote } from '../components/join-note.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps) {
  await queryClient.ensureQueryData(priceCardQuery(http, lang));
  return null;
}

/** `/member`: what membership gives, the plans as price cards, and the pages of the member area (public, rendered by the server). */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const { data: plans } = useSuspenseQuery(priceCardQuery(http, lang));
  return (
    <div className="member-page">
      <Head title={t('member.title')} description={t('member.description')} canonical={paths.member()} />
      <header className="page-header">
        <h1>{t('member.title')}</h1>
        <p className="page-header__description">{t('member.description')}</p>
      </header>
      <section aria-labelledby="plans-title">
        <h2 id="plans-title">{t('member.plans')}</h2>
        {plans.length === 0 ? <p>{t('member.noPlans')}</p> : <PlanList plans={plans} footer={<JoinNote />} />}
        <p>
          <Link className="button button--quiet" to={paths.myMembership()}>{t('member.redeemLink')}</Link>
        </p>
      </section>
      <MemberAreaNav />
    </div>
  );
}
