import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shopPaths } from '../../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf } from '../../../../lib/http.js';
import { Head } from '../../../../ui/head.js';
import { useListParams } from '../../components/list-search.js';
import { StaffList } from '../../components/staff-list.js';
import { shippingQuery, useCatalogueWrite, vouchersQuery } from '../api/catalogue.js';
import { dashboardQuery } from '../api/dashboard.js';
import { OPS_PAGE_SIZE } from '../api/orders.js';
import { ActionStatus } from '../components/action-status.js';
import { money, stamp } from '../components/money.js';
import { QuickForm, toInt, toMinor } from '../components/quick-form.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n } from '../ops-i18n.js';

/** `/staff/ops/offers`: vouchers (a used one cannot be deleted, only ended) and shipping methods. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const { page } = useListParams();
  const vouchers = useQuery({ ...vouchersQuery(http, page), placeholderData: keepPreviousData });
  const methods = useQuery(shippingQuery(http));
  const write = useCatalogueWrite();
  const action = useAction();
  // The site's one currency, as the dashboard names it (vouchers and methods carry none of their own).
  const currency = useQuery(dashboardQuery(http)).data?.currency ?? 'CNY';
  return (
    <>
      <Head title={t('ops.offers')} noindex />
      <header className="page-header">
        <h1>{t('ops.offers')}</h1>
      </header>
      <ActionStatus error={action.error} done={action.done} />
      <section aria-label={t('ops.vouchers')}>
        <h2>{t('ops.vouchers')}</h2>
        <details className="ops-new">
          <summary>{t('ops.newVoucher')}</summary>
          <QuickForm
            title={t('ops.newVoucher')}
            submit={t('ops.create')}
            fields={[
              { name: 'name', label: t('ops.name'), required: true },
              { name: 'code', label: t('ops.code'), required: true },
              { name: 'discount_type', label: t('ops.discountType'), type: 'select', options: [{ value: 'percentage', label: t('ops.percentage') }, { value: 'fixed', label: t('ops.fixed') }] },
              { name: 'value', label: t('ops.value'), type: 'number', hint: t('ops.valueHint'), required: true },
              { name: 'usage_limit', label: t('ops.usageLimit'), type: 'number' },
            ]}
            toBody={(v) => ({ name: v.name, code: v.code, discount_type: v.discount_type, value: v.discount_type === 'fixed' ? toMinor(v.value) : toInt(v.value), usage_limit: toInt(v.usage_limit), start_datetime: new Date().toISOString() })}
            send={async (body) => {
              await write('post', shopPaths.vouchers, body);
              return t('ops.saved');
            }}
          />
        </details>
        <StaffList
          list={vouchers}
          search=""
          page={page}
          pageSize={OPS_PAGE_SIZE}
          renderRow={(v) => (
            <>
              <h3 className="staff-row__title">{v.name} <code>{v.code}</code></h3>
              <p className="staff-row__meta">
                <span className={v.is_active ? 'staff-tag staff-tag--live' : 'staff-tag'}>{v.is_active ? t('ops.active') : t('ops.inactive')}</span>
                <span>{v.discount_type === 'percentage' ? `${v.value}%` : money(lang, v.value, currency)}</span>
                <span>{t('ops.used', { count: v.num_used, limit: v.usage_limit ?? '∞' })}</span>
                <span>{stamp(v.start_datetime)}</span>
              </p>
              <div className="ops-row-actions">
                <button type="button" className="button" disabled={action.pending} onClick={() => void action.run(async () => { await write('patch', pathOf(shopPaths.voucher, { id: v.id }), { is_active: !v.is_active }); return t('ops.saved'); })}>
                  {v.is_active ? t('ops.deactivate') : t('ops.activate')}
                </button>
                <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => void action.run(async () => { await write('delete', pathOf(shopPaths.voucher, { id: v.id })); return t('staff.deleted', { title: v.name }); })}>
                  {t('staff.delete')}
                </button>
              </div>
            </>
          )}
        />
      </section>
      <section aria-label={t('ops.shippingMethods')}>
        <h2>{t('ops.shippingMethods')}</h2>
        <details className="ops-new">
          <summary>{t('ops.newShipping')}</summary>
          <QuickForm
            title={t('ops.newShipping')}
            submit={t('ops.create')}
            fields={[
              { name: 'code', label: t('ops.code'), hint: t('ops.slugHint'), required: true },
              { name: 'name', label: t('ops.name'), required: true },
              { name: 'charge', label: t('ops.charge'), type: 'number', required: true },
              { name: 'free_over', label: t('ops.freeOver'), type: 'number' },
            ]}
            toBody={(v) => ({ code: v.code, name: v.name, charge: toMinor(v.charge), free_over: v.free_over === '' ? null : toMinor(v.free_over) })}
            send={async (body) => {
              await write('post', shopPaths.shippingMethods, body);
              return t('ops.saved');
            }}
          />
        </details>
        <ul className="staff-list">
          {methods.data?.map((m) => (
            <li key={m.id} className="staff-row">
              <h3 className="staff-row__title">{m.name} <code>{m.code}</code></h3>
              <p className="staff-row__meta">
                <span className={m.is_active ? 'staff-tag staff-tag--live' : 'staff-tag'}>{m.is_active ? t('ops.active') : t('ops.inactive')}</span>
                <span>{money(lang, m.charge, currency)}</span>
                {m.free_over !== null && <span>{t('ops.freeOverLine', { amount: money(lang, m.free_over, currency) })}</span>}
                <span>{m.countries.length === 0 ? t('ops.everyCountry') : m.countries.map((c) => c.country).join(', ')}</span>
              </p>
              <div className="ops-row-actions">
                <button type="button" className="button" disabled={action.pending} onClick={() => void action.run(async () => { await write('patch', pathOf(shopPaths.shippingMethod, { id: m.id }), { is_active: !m.is_active }); return t('ops.saved'); })}>
                  {m.is_active ? t('ops.deactivate') : t('ops.activate')}
                </button>
                <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => void action.run(async () => { await write('delete', pathOf(shopPaths.shippingMethod, { id: m.id })); return t('staff.deleted', { title: m.name }); })}>
                  {t('staff.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
