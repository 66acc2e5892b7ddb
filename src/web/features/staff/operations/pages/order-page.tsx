import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Order } from '../../../../../shared/api/orders.js';
import { useHttp } from '../../../../app/context.js';
import { Head } from '../../../../ui/head.js';
import { describeServerError } from '../../../../ui/forms/server-messages.js';
import { orderQuery, useOrderAction } from '../api/orders.js';
import { ActionStatus, FieldError } from '../components/action-status.js';
import { money, stamp } from '../components/money.js';
import { useAction } from '../components/use-action.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';

/** `/staff/ops/orders/:id`: an order's lines, payments and refunds; fulfil, cancel or refund it. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const id = Number(useParams().id);
  const order = useQuery({ ...orderQuery(http, id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (order.error) {
    return (
      <>
        <p className="form-error" role="alert">{describeServerError(order.error, t, lang)}</p>
        <Link to={opsPaths.orders()}>{t('ops.backToOrders')}</Link>
      </>
    );
  }
  if (!order.data) return <p role="status">{t('common.loading')}</p>;
  return <OrderView order={order.data} />;
}

function OrderView({ order: o }: { order: Order }) {
  const { t, lang } = useOpsI18n();
  const act = useOrderAction();
  const action = useAction();
  const [reason, setReason] = useState('');
  const id = useId();
  const m = (minor: number) => money(lang, minor, o.currency);
  const owed = (o.payments ?? []).filter((p) => p.outcome === 'refund_due' && !p.refunded);
  const refundable = o.status === 'paid' || o.status === 'fulfilled';
  const refund = (payment?: number) =>
    action.run(async () => {
      const after = await act(o.id, 'refund', { reason, ...(payment === undefined ? {} : { payment }) });
      setReason('');
      return t('ops.refunded', { status: t(`ops.status.${after.status}` as OpsKey) });
    });
  return (
    <>
      <Head title={t('ops.orderTitle', { number: o.number })} noindex />
      <header className="page-header">
        <p><Link to={opsPaths.orders()}>{t('ops.backToOrders')}</Link></p>
        <h1>{t('ops.orderTitle', { number: o.number })}</h1>
        <p className="staff-row__meta">
          <span className={`staff-tag ops-status ops-status--${o.status}`}>{t(`ops.status.${o.status}` as OpsKey)}</span>
          <span>{t(`ops.method.${o.payment_method}` as OpsKey)}</span>
          <span>{t('ops.placed', { when: stamp(o.date_placed) })}</span>
          {o.user !== null && <Link to={opsPaths.user(o.user)}>{t('ops.buyer', { id: o.user })}</Link>}
        </p>
      </header>
      <ActionStatus error={action.error} done={action.done} />
      <section aria-labelledby={`${id}-lines`}>
        <h2 id={`${id}-lines`}>{t('ops.lines')}</h2>
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr><th scope="col">{t('ops.item')}</th><th scope="col">{t('ops.quantity')}</th><th scope="col">{t('ops.amount')}</th></tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.title}{l.attributes.length > 0 && <span className="ops-muted"> ({l.attributes.map((a) => a.value).join(', ')})</span>}</td>
                  <td>{l.quantity}</td>
                  <td>{m(l.line_price_incl_tax)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ops-totals">
          <div><dt>{t('ops.discount')}</dt><dd>{m(o.total_discount)}</dd></div>
          <div><dt>{t('ops.shipping')}</dt><dd>{m(o.shipping_incl_tax)}</dd></div>
          <div><dt>{t('ops.total')}</dt><dd><strong>{m(o.total_incl_tax)}</strong></dd></div>
        </dl>
        {o.shipping_address && (
          <p className="ops-muted">{t('ops.shipsTo', { address: [o.shipping_address.first_name, o.shipping_address.last_name, o.shipping_address.line1, o.shipping_address.line4, o.shipping_address.postcode, o.shipping_address.country].filter(Boolean).join(', ') })}</p>
        )}
      </section>
      <section aria-labelledby={`${id}-payments`}>
        <h2 id={`${id}-payments`}>{t('ops.payments')}</h2>
        {(o.payments ?? []).length === 0 ? (
          <p className="empty">{t('ops.noPayments')}</p>
        ) : (
          <ul className="ops-plain-list">
            {(o.payments ?? []).map((p) => (
              <li key={p.id}>
                {t(`ops.method.${p.provider}` as OpsKey)} · {m(p.amount)} · {stamp(p.date_created)} · {p.refunded ? t('ops.paymentRefunded') : p.outcome === 'refund_due' ? t('ops.paymentOwed') : t('ops.paymentPaid')}
              </li>
            ))}
          </ul>
        )}
        {(o.refunds ?? []).length > 0 && (
          <>
            <h3>{t('ops.refunds')}</h3>
            <ul className="ops-plain-list">
              {(o.refunds ?? []).map((r) => (
                <li key={r.id}>
                  {m(r.amount)} · {t(`ops.refund.${r.status}` as OpsKey)} · {r.reason}
                  {r.failure_reason && <span className="ops-alert"> {r.failure_reason}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby={`${id}-act`} className="ops-actions">
        <h2 id={`${id}-act`}>{t('ops.actions')}</h2>
        {o.status === 'paid' && (
          <button type="button" className="button" disabled={action.pending} onClick={() => void action.run(async () => t('ops.nowStatus', { status: t(`ops.status.${(await act(o.id, 'fulfil')).status}` as OpsKey) }))}>
            {t('ops.fulfil')}
          </button>
        )}
        {o.status === 'pending' && (
          <button type="button" className="button staff-danger" disabled={action.pending} onClick={() => void action.run(async () => t('ops.nowStatus', { status: t(`ops.status.${(await act(o.id, 'cancel')).status}` as OpsKey) }))}>
            {t('ops.cancelOrder')}
          </button>
        )}
        {(refundable || owed.length > 0) && (
          <form
            className="ops-form"
            onSubmit={(event) => {
              event.preventDefault();
              void refund(refundable ? undefined : owed[0].id);
            }}
          >
            <div className={action.fields.reason ? 'field field--invalid' : 'field'}>
              <label htmlFor={`${id}-reason`}>{t('ops.refundReason')}</label>
              <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} aria-invalid={Boolean(action.fields.reason)} aria-describedby={action.fields.reason ? `${id}-reason-error` : undefined} />
              <FieldError id={`${id}-reason-error`} message={action.fields.reason} />
            </div>
            <button type="submit" className="button staff-danger" disabled={action.pending}>
              {action.pending ? t('common.working') : refundable ? t('ops.refundOrder', { amount: m(o.total_incl_tax) }) : t('ops.returnPayment', { amount: m(owed[0].amount) })}
            </button>
          </form>
        )}
        {!refundable && owed.length === 0 && o.status !== 'paid' && o.status !== 'pending' && <p className="ops-muted">{t('ops.nothingToDo')}</p>}
      </section>
    </>
  );
}
