import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StaffUserDetail } from '../../../../../shared/api/backoffice.js';
import { membershipPaths } from '../../../../../shared/api/membership-paths.js';
import { useHttp } from '../../../../app/context.js';
import { membershipProductsQuery, usePeopleWrite, userCommentsQuery, userCoursesQuery, userMembershipsQuery, userOrdersQuery } from '../api/people.js';
import { useOpsI18n, type OpsKey } from '../ops-i18n.js';
import { opsPaths } from '../ops-paths.js';
import { ActionStatus, FieldError } from './action-status.js';
import { money, stamp } from './money.js';
import { useAction } from './use-action.js';

interface Props {
  user: StaffUserDetail;
  onEnd: (subscription: number) => void;
  pending: boolean;
}

/** A user's memberships (grant one, end one), orders, courses and comments, each a short list. */
export function UserActivity({ user, onEnd, pending }: Props) {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const id = useId();
  const memberships = useQuery(userMembershipsQuery(http, user.id));
  const orders = useQuery(userOrdersQuery(http, user.id));
  const courses = useQuery(userCoursesQuery(http, user.id));
  const comments = useQuery(userCommentsQuery(http, user.id));
  return (
    <>
      <section aria-labelledby={`${id}-m`}>
        <h2 id={`${id}-m`}>{t('ops.memberships')}</h2>
        {memberships.data && memberships.data.results.length === 0 && <p className="empty">{t('ops.noMemberships')}</p>}
        <ul className="ops-plain-list">
          {memberships.data?.results.map((m) => (
            <li key={m.id}>
              {m.membership_name} · {m.active ? t('ops.activeUntil', { when: stamp(m.ends_at) }) : t('ops.endedAt', { when: stamp(m.ends_at) })}{' '}
              {m.active && m.subscription_id !== null && (
                <button type="button" className="button button--small staff-danger" disabled={pending} onClick={() => onEnd(m.subscription_id!)}>
                  {t('ops.endMembership', { name: m.membership_name })}
                </button>
              )}
            </li>
          ))}
        </ul>
        <GrantForm userId={user.id} />
      </section>
      <section aria-labelledby={`${id}-o`}>
        <h2 id={`${id}-o`}>{t('ops.ordersOf', { count: user.counts.orders })}</h2>
        <ul className="ops-plain-list">
          {orders.data?.results.map((o) => (
            <li key={o.id}>
              <Link to={opsPaths.order(o.id)}>{t('ops.orderTitle', { number: o.number })}</Link> · {t(`ops.status.${o.status}` as OpsKey)} · {money(lang, o.total_incl_tax, o.currency)}
            </li>
          ))}
        </ul>
        {user.counts.orders > 10 && <Link to={opsPaths.orders(`all=1&user=${user.id}`)}>{t('ops.allOrders')}</Link>}
      </section>
      <section aria-labelledby={`${id}-c`}>
        <h2 id={`${id}-c`}>{t('ops.coursesOf', { count: user.counts.courses })}</h2>
        <ul className="ops-plain-list">
          {courses.data?.results.map((c) => (
            <li key={c.course.id}>
              <Link to={`/course/${c.course.id}`}>{c.course.title}</Link> · {t('ops.progress', { done: c.progress.done, total: c.progress.total })}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-k`}>
        <h2 id={`${id}-k`}>{t('ops.commentsOf', { count: user.counts.comments })}</h2>
        <ul className="ops-plain-list">
          {comments.data?.results.map((c) => (
            <li key={c.id}>
              {c.url ? <a href={c.url}>{c.title ?? c.url}</a> : c.title} · {stamp(c.submit_date)}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Grant a membership product's period to the user (staff grants are idempotent per reference). */
function GrantForm({ userId }: { userId: number }) {
  const http = useHttp();
  const { t, lang } = useOpsI18n();
  const products = useQuery(membershipProductsQuery(http));
  const write = usePeopleWrite();
  const action = useAction();
  const [product, setProduct] = useState('');
  const id = useId();
  return (
    <form
      className="ops-form"
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(async () => {
          await write('post', membershipPaths.grant, { user_id: userId, product_id: Number(product) || 0, reference: `staff-${userId}-${product}-${Date.now().toString(36)}` });
          return t('ops.granted');
        });
      }}
    >
      <div className={action.fields.product_id ? 'field field--invalid' : 'field'}>
        <label htmlFor={`${id}-p`}>{t('ops.grantProduct')}</label>
        <select id={`${id}-p`} value={product} onChange={(e) => setProduct(e.target.value)} required aria-describedby={action.fields.product_id ? `${id}-p-error` : undefined}>
          <option value="">{t('ops.choose')}</option>
          {products.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} · {money(lang, p.price, p.currency)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-p-error`} message={action.fields.product_id} />
      </div>
      <button type="submit" className="button" disabled={action.pending}>{t('ops.grant')}</button>
      <ActionStatus error={action.error} done={action.done} />
    </form>
  );
}
