import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { membershipPaths } from '../../../../../shared/api/membership-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { useListParams } from '../../components/list-search.js';
import { StaffList } from '../../components/staff-list.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { giftCodesQuery, membershipProductsQuery, usePeopleWrite } from '../api/people.js';
import { ActionStatus } from '../components/action-status.js';
import { money, stamp } from '../components/money.js';
import { QuickForm } from '../components/quick-form.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';

/** `/staff/ops/gift-codes`: membership gift codes; new codes are shown in full once, here, then only their hint. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const { page } = useListParams();
  const codes = useQuery({ ...giftCodesQuery(http, page), placeholderData: keepPreviousData });
  const products = useQuery(membershipProductsQuery(http));
  const write = usePeopleWrite();
  const action = useAction();
  const [made, setMade] = useState<string[]>([]);
  // A year from when the screen opened: the form's default, fixed for the screen's life.
  const [inAYear] = useState(() => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
  return (
    <>
      <Head title={t('ops.giftCodes')} noindex />
      <header className="page-header">
        <h1>{t('ops.giftCodes')}</h1>
      </header>
      <QuickForm
        title={t('ops.newCodes')}
        submit={t('ops.createCodes')}
        fields={[
          { name: 'product_id', label: t('ops.grantProduct'), type: 'select', options: [{ value: '', label: t('ops.choose') }, ...(products.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${money(lang, p.price, p.currency)}` }))] },
          { name: 'count', label: t('ops.howMany'), type: 'number', defaultValue: 1, required: true },
          { name: 'expires_at', label: t('ops.expires'), type: 'text', defaultValue: inAYear, hint: t('ops.dayHint'), required: true },
        ]}
        toBody={(v) => ({ product_id: Number(v.product_id) || 0, count: Number(v.count), expires_at: /^\d{4}-\d{2}-\d{2}$/.test(String(v.expires_at)) ? `${String(v.expires_at)}T23:59:59Z` : v.expires_at })}
        send={async (body) => {
          const created = await write<{ code: string }[]>('post', membershipPaths.giftCodes, body);
          setMade(created.map((c) => c.code));
          return t('ops.codesMade', { count: created.length });
        }}
      />
      {made.length > 0 && (
        <section aria-label={t('ops.newCodes')}>
          <p>{t('ops.copyNow')}</p>
          <ul className="ops-plain-list">{made.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
        </section>
      )}
      <ActionStatus error={action.error} done={action.done} />
      <StaffList
        list={codes}
        search=""
        page={page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(c) => (
          <>
            <h2 className="staff-row__title">…{c.code_hint} · {c.membership_slug}</h2>
            <p className="staff-row__meta">
              <span className="staff-tag">{t(`ops.code.${c.status}` as OpsKey)}</span>
              <span>{t('ops.expiresOn', { when: stamp(c.expires_at) })}</span>
            </p>
            {c.status === 'unused' && (
              <div className="ops-row-actions">
                <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => void action.run(async () => { await write('delete', pathOf(membershipPaths.giftCode, { id: c.id })); return t('ops.revoked'); })}>
                  {t('ops.revoke')}
                </button>
              </div>
            )}
          </>
        )}
      />
    </>
  );
}
