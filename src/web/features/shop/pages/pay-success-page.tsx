import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderLine } from '../../../../shared/api/orders.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Head } from '../../../ui/head.js';
import { orderQuery, orderStatusByNumberQuery } from '../checkout/api.js';
import { useCheckoutI18n, type CheckoutT } from '../checkout/checkout-i18n.js';
import { CheckoutStyles } from '../checkout/checkout-styles.js';
import { DownloadLink } from '../checkout/download-link.js';
import { checkoutStorageKey } from '../machines/checkout-machine.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/** How often the order's status is asked again while it is not paid. */
export const PAY_SUCCESS_POLL_MS = 3000;

function Granted({ line, t, lang }: { line: OrderLine; t: CheckoutT; lang: string }) {
  if (line.membership_product !== null || line.product_class === 'membership') {
    return (
      <li>
        {t('paySuccess.membership', { title: line.title })} <Link to={paths.myMembership()}>{t('paySuccess.seeMembership')}</Link>
      </li>
    );
  }
  if (line.course !== null) {
    return (
      <li>
        {t('paySuccess.course', { title: line.title })} <Link to={paths.course(line.course)}>{t('paySuccess.openCourse')}</Link>
      </li>
    );
  }
  if (line.product_class === 'digital') {
    return (
      <li>
        {t('paySuccess.digital', { title: line.title })} <DownloadLink line={line} t={t} lang={lang} />
        {line.download_url && <span className="meta"> {t('paySuccess.downloadLater')}</span>}
      </li>
    );
  }
  return <li>{t('paySuccess.goods', { title: line.title, quantity: line.quantity })}</li>;
}

/**
 * `/pay_success?number=` (login): where the providers send the buyer back. It asks the order's status until it
 * is paid (or expired, cancelled), then lists what was granted with links to it; for a closed order, it says when
 * a payment reached it anyway (`payments_to_return`): that money is returned.
 */
export function Component() {
  const http = useHttp();
  const { t, lang, main } = useCheckoutI18n();
  const session = useSession();
  const owner = session.ready && session.loggedIn && session.auth ? session.auth.userid : 0;
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const status = useQuery({
    ...orderStatusByNumberQuery(http, owner, number),
    enabled: Boolean(owner && number),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : PAY_SUCCESS_POLL_MS),
  });
  const paid = status.data?.paid === true;
  const closed = status.data !== undefined && !paid && status.data.status !== 'pending';
  // Paid: what was granted. Closed: whether a payment still reached it (its money goes back).
  const order = useQuery({ ...orderQuery(http, owner, status.data?.id ?? 0), enabled: paid || closed });
  useEffect(() => {
    // The checkout of this order is over: a later visit to /checkout starts afresh.
    if (paid && owner && typeof sessionStorage !== 'undefined') {
      try {
        const saved = sessionStorage.getItem(checkoutStorageKey(owner));
        if (saved && (JSON.parse(saved) as { context?: { order?: { number?: string } } }).context?.order?.number === number) sessionStorage.removeItem(checkoutStorageKey(owner));
      } catch {
        // Storage refused: nothing to forget.
      }
    }
  }, [paid, owner, number]);

  let body;
  if (!number) body = <p>{t('paySuccess.missing')} <Link to={paths.myOrders()}>{t('paySuccess.myOrders')}</Link></p>;
  else if (status.isError && !status.data) body = <p className="form-error" role="alert">{describeServerError(status.error, main, lang)}</p>;
  else if (!status.data) body = <p role="status">{t('paySuccess.checking', { number })}</p>;
  else if (paid) {
    body = (
      <>
        <p role="status">{t('paySuccess.paid', { number })}</p>
        {order.data && (
          <section aria-labelledby="granted-title">
            <h2 id="granted-title">{t('paySuccess.granted')}</h2>
            <ul className="granted">
              {order.data.lines.map((line) => (
                <Granted key={line.id} line={line} t={t} lang={lang} />
              ))}
            </ul>
          </section>
        )}
        {order.isError && <p className="form-error">{describeServerError(order.error, main, lang)}</p>}
      </>
    );
  } else if (status.data.status === 'pending') body = <p role="status">{t('paySuccess.pending', { number })}</p>;
  else {
    body = (
      <>
        <p role="alert">
          {status.data.status === 'expired' ? t('paySuccess.expired', { number }) : t('paySuccess.closed', { number, status: t(`status.${status.data.status}`) })}
        </p>
        {/* Read after the status: a status region of its own says it when it comes. */}
        <p role="status">{order.data && order.data.payments_to_return > 0 ? t('paySuccess.toReturn') : ''}</p>
      </>
    );
  }

  return (
    <>
      <CheckoutStyles />
      <Head title={t('paySuccess.title')} noindex />
      <header className="page-header">
        <h1>{t('paySuccess.title')}</h1>
      </header>
      {body}
      {number && (
        <p>
          <Link to={paths.myOrders()}>{t('paySuccess.myOrders')}</Link>
        </p>
      )}
    </>
  );
}
