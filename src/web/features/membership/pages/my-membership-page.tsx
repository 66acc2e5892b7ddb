import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Subscription } from '../../../../shared/api/membership.js';
import type { MessageKey } from '../../../../shared/i18n/index.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { isAlreadyDone } from '../../../lib/already-done.js';
import { describeError } from '../../../lib/api-messages.js';
import { formatDate } from '../../../lib/format.js';
import { useForm } from '../../../lib/forms/use-form.js';
import { required } from '../../../lib/forms/validation.js';
import { useSession } from '../../../lib/session/session-context.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { FormError, FormStatus, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { membershipKeys, myMembershipQuery, redeemGiftCode } from '../api/membership.js';
import { verifyMembership } from '../verify-membership.js';
import { describeServerError, localiseApiError } from '../../../ui/forms/server-messages.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

type Grant = Subscription['grants'][number];

function periodKey(grant: Pick<Grant, 'period_unit' | 'period_count'>): MessageKey {
  if (grant.period_unit === 'month') return grant.period_count === 1 ? 'membership.periodMonth' : 'membership.periodMonths';
  return grant.period_count === 1 ? 'membership.periodDay' : 'membership.periodDays';
}

const GRANT_SOURCE = {
  staff: 'myMembership.grant.staff',
  order: 'myMembership.grant.order',
  gift: 'myMembership.grant.gift',
} as const satisfies Record<Grant['source'], MessageKey>;

/**
 * Redeeming a code. A used code (409, one redemption per code) is shown at the field, and the plan above is read
 * again: when this account's own earlier try redeemed it (an answer lost, a second tab), the plan shows the period.
 */
function RedeemForm({ onRedeemed }: { onRedeemed: (subscription?: Subscription) => Promise<void> }) {
  const http = useHttp();
  const { t, lang } = useI18n();
  const [status, setStatus] = useState('');
  const form = useForm({ initial: { code: '' }, validate: (v) => ({ code: required(v.code) }) });
  const submit = async (values: typeof form.values) => {
    setStatus('');
    try {
      const { subscription } = await redeemGiftCode(http, values.code);
      form.reset();
      await onRedeemed(subscription);
      setStatus(t('myMembership.redeemed', { date: formatDate(lang, subscription.ends_at) }));
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang));
      if (isAlreadyDone(caught)) await onRedeemed();
    }
  };
  return (
    <form className="auth-form" onSubmit={(event) => void form.submit(event, submit)} noValidate>
      <TextField form={form} name="code" label={t('myMembership.code')} hint={t('myMembership.codeHint')} autoComplete="off" maxLength={64} required />
      <FormError form={form} />
      <SubmitButton pending={form.pending} label={t('myMembership.redeem')} pendingLabel={t('common.working')} />
      <FormStatus>{status}</FormStatus>
    </form>
  );
}

/**
 * `/my-membership` (login): the current plan, whether it is active and until when, the grants that made it, and
 * gift-code redemption. Opening it checks the membership again (SPEC section 4) and stores isMember for every tab.
 */
export function Component() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const session = useSession();
  const { t, lang } = useI18n();
  const userId = session.auth?.userid ?? 0;
  const mine = useQuery({ ...myMembershipQuery(http, userId), enabled: userId > 0 });
  useEffect(() => {
    if (userId > 0) void verifyMembership(http).catch(() => undefined);
  }, [http, userId]);

  const onRedeemed = async () => {
    await queryClient.invalidateQueries({ queryKey: membershipKeys.mine(userId) });
    await verifyMembership(http).catch(() => undefined);
  };

  const current = mine.data?.current ?? null;
  const subscription = mine.data?.subscription ?? null;
  const active = subscription?.active ?? current?.active ?? false;
  const endsAt = subscription?.ended_at ?? subscription?.ends_at ?? current?.ends_at ?? null;
  // A period taken back by a refund says so: it ends where the refund cut it.
  const grantLine = (grant: Grant) => {
    const line = t('myMembership.grantLine', {
      source: t(GRANT_SOURCE[grant.source]),
      period: t(periodKey(grant), { count: grant.period_count }),
      from: formatDate(lang, grant.starts_at),
      to: formatDate(lang, grant.ends_at),
    });
    return grant.revoked_at ? t('myMembership.revoked', { line, date: formatDate(lang, grant.revoked_at) }) : line;
  };
  return (
    <AuthPage title={t('myMembership.title')} description={t('myMembership.description')} wide>
      <Section title={t('myMembership.current')}>
        {mine.error ? (
          <p className="form-error" role="alert">{describeServerError(mine.error, t, lang)}</p>
        ) : !mine.data ? (
          <p role="status">{t('common.loading')}</p>
        ) : !current ? (
          <p>{t('myMembership.none')}</p>
        ) : (
          <dl className="membership-summary">
            <div>
              <dt>{t('myMembership.plan')}</dt>
              <dd>{current.membership_name}</dd>
            </div>
            <div>
              <dt>{t('myMembership.status')}</dt>
              <dd>{active ? t('myMembership.active') : t('myMembership.ended')}</dd>
            </div>
            {endsAt && (
              <div>
                <dt>{t('myMembership.endsAt')}</dt>
                <dd><time dateTime={endsAt}>{formatDate(lang, endsAt)}</time></dd>
              </div>
            )}
          </dl>
        )}
        <p>
          <Link to={paths.member()}>{t('member.seePlans')}</Link>
        </p>
      </Section>
      {subscription && (
        <Section title={t('myMembership.history')}>
          {subscription.grants.length === 0 ? (
            <p>{t('myMembership.noHistory')}</p>
          ) : (
            <ul className="activity-list">
              {subscription.grants.map((grant) => (
                <li key={grant.id} className="activity-item">
                  {grantLine(grant)}
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
      <Section title={t('myMembership.redeemTitle')}>
        <p>{t('membership.howTo')}</p>
        <RedeemForm onRedeemed={onRedeemed} />
      </Section>
    </AuthPage>
  );
}
