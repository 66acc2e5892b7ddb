import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../../../../../shared/api/orders-paths.js';
import { useHttp } from '../../../../app/context.js';
import { Head } from '../../../../ui/head.js';
import { StaffList } from '../../components/staff-list.js';
import { OPS_PAGE_SIZE, orderListQuery, type OrderFilters } from '../api/orders.js';
import { money, stamp } from '../components/money.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

const today = () => new Date().toISOString().slice(0, 10);

/** `/staff/ops/orders`: today's orders unless the filters say otherwise (status, payment method, dates, number). */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const filtered = params.has('from') || params.has('to') || params.has('status') || params.has('all');
  const filters: OrderFilters = {
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    status: params.get('status') ?? '',
    payment_method: params.get('payment_method') ?? '',
    from: params.get('from') ?? (filtered ? '' : today()),
    to: params.get('to') ?? '',
    number: params.get('number') ?? '',
    user: params.get('user') ?? '',
  };
  const list = useQuery({ ...orderListQuery(http, filters), placeholderData: keepPreviousData });
  return (
    <>
      <Head title={t('ops.orders')} noindex />
      <header className="page-header">
        <h1>{t('ops.orders')}</h1>
        <p className="page-header__description">{filtered ? t('ops.ordersFiltered') : t('ops.ordersToday')}</p>
      </header>
      <form
        className="staff-search ops-filters"
        role="search"
        aria-label={t('ops.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const next = new URLSearchParams({ all: '1' });
          for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
          setParams(next);
        }}
      >
        <div className="staff-search__field">
          <label htmlFor={`${id}-status`}>{t('ops.status')}</label>
          <select id={`${id}-status`} name="status" defaultValue={filters.status} key={`s${filters.status}`}>
            <option value="">{t('ops.any')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>{t(`ops.status.${s}` as OpsKey)}</option>
            ))}
          </select>
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-method`}>{t('ops.paymentMethod')}</label>
          <select id={`${id}-method`} name="payment_method" defaultValue={filters.payment_method} key={`m${filters.payment_method}`}>
            <option value="">{t('ops.any')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>{t(`ops.method.${m}` as OpsKey)}</option>
            ))}
          </select>
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-from`}>{t('ops.from')}</label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from} key={`f${filters.from}`} />
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-to`}>{t('ops.to')}</label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} key={`t${filters.to}`} />
        </div>
        <div className="staff-search__field">
          <label htmlFor={`${id}-number`}>{t('ops.orderNumber')}</label>
          <input id={`${id}-number`} name="number" inputMode="numeric" maxLength={40} defaultValue={filters.number} key={`n${filters.number}`} />
        </div>
        {filters.user && <input type="hidden" name="user" value={filters.user} />}
        <button type="submit" className="button">{t('ops.apply')}</button>
      </form>
      <StaffList
        list={list}
        search=""
        page={filters.page}
        pageSize={OPS_PAGE_SIZE}
        renderRow={(o) => (
          <>
            <h2 className="staff-row__title">
              <Link to={opsPaths.order(o.id)}>{t('ops.orderTitle', { number: o.number })}</Link>
            </h2>
            <p className="staff-row__meta">
              <span className={`staff-tag ops-status ops-status--${o.status}`}>{t(`ops.status.${o.status}` as OpsKey)}</span>
              <span>{money(lang, o.total_incl_tax, o.currency)}</span>
              <span>{t(`ops.method.${o.payment_method}` as OpsKey)}</span>
              <span>{stamp(o.date_placed)}</span>
              <span className="ops-muted">{o.title}</span>
              {o.payments_to_return > 0 && <span className="staff-tag ops-alert">{t('ops.toReturn', { count: o.payments_to_return })}</span>}
            </p>
          </>
        )}
      />
    </>
  );
}
