import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderStatus, PaymentMethod } from '../../../../shared/api/orders-paths.js';
import { paths } from '../../../app/paths.js';
import { useHttp } from '../../../app/context.js';
import { useSession } from '../../../lib/session/session-context.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { Head } from '../../../ui/head.js';
import type { CoursePriceCard } from '../../../../shared/api/courses.js';
import { coursePriceCardQuery, orderQuery, planProductsQuery, type PriceCard } from '../checkout/api.js';
import { CheckoutFlow, type MembershipPurchase, type PayAgainOrder } from '../checkout/checkout-flow.js';
import { useCheckoutI18n } from '../checkout/checkout-i18n.js';
import { CheckoutStyles } from '../checkout/checkout-styles.js';
import { ShopStyles } from '../components/shop-styles.js';
import { markShopUsed } from '../shop-entry.js';

interface ProductPurchase {
  wanted: boolean;
  purchase: MembershipPurchase | null;
  error: unknown;
  gone: boolean;
}

/**
 * The product a Buy link names in the query parameter `param`, looked up by `find` in the price card `card`
 * loads (only when the link names one); `gone` once the price card is known and has no such product on sale
 * (an old link, a product withdrawn since).
 */
function useProductPurchase<T, K extends QueryKey>(param: string, card: UseQueryOptions<T, Error, T, K>, find: (data: T, id: number) => MembershipPurchase | undefined): ProductPurchase {
  const [params] = useSearchParams();
  const id = Number(params.get(param));
  const wanted = Number.isInteger(id) && id > 0;
  const loaded = useQuery({ ...card, enabled: wanted });
  if (!wanted) return { wanted, purchase: null, error: null, gone: false };
  const purchase = loaded.data === undefined ? undefined : find(loaded.data, id);
  if (purchase) return { wanted, purchase, error: null, gone: false };
  return { wanted, purchase: null, error: loaded.error, gone: loaded.data !== undefined };
}

/** A plan card's Buy (`?membership_product=`): the plan product, named with its plan. */
const findPlanProduct = (plans: PriceCard, id: number): MembershipPurchase | undefined => {
  for (const plan of plans) {
    const product = plan.products.find((p) => p.id === id);
    if (product) return { kind: 'membership', product: product.id, name: `${plan.name} · ${product.name}`, price: product.price, currency: product.currency, backTo: paths.member() };
  }
  return undefined;
};

/** A paid course's Buy (`?course_product=`): the course's product while it is on sale, named with its course. */
const findCourseProduct = (courses: CoursePriceCard, id: number): MembershipPurchase | undefined => {
  for (const course of courses) {
    const product = course.products.find((p) => p.id === id && p.is_active);
    if (product) return { kind: 'course', product: product.id, name: `${course.title} · ${product.name}`, price: product.price, currency: product.currency, backTo: paths.course(course.id) };
  }
  return undefined;
};

/** A pending order named by `?order=` (the orders page's Pay). */
function usePayAgain(owner: number): { wanted: boolean; order: PayAgainOrder | null; error: unknown; closed: OrderStatus | null } {
  const http = useHttp();
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const wanted = Number.isInteger(id) && id > 0;
  const order = useQuery({ ...orderQuery(http, owner, id), enabled: wanted && owner > 0 });
  if (!wanted || !order.data) return { wanted, order: null, error: order.error, closed: null };
  const o = order.data;
  return { wanted, order: { id: o.id, number: o.number, total: o.total_incl_tax, currency: o.currency, method: o.payment_method as PaymentMethod }, error: null, closed: o.can_pay ? null : o.status };
}

/** `/checkout` (login): the basket, a plan card's membership or a paid course, through address, shipping, payment and review to paying. */
export function Component() {
  const { t, lang, main } = useCheckoutI18n();
  const session = useSession();
  const owner = session.ready && session.loggedIn && session.auth ? session.auth.userid : 0;
  const http = useHttp();
  const plan = useProductPurchase('membership_product', planProductsQuery(http, lang), findPlanProduct);
  const course = useProductPurchase('course_product', coursePriceCardQuery(http), findCourseProduct);
  // A plan card's Buy or a course's Buy: one product bought now.
  const { wanted, purchase, error, gone } = plan.wanted ? plan : course;
  const again = usePayAgain(owner);
  useEffect(markShopUsed, []);
  return (
    <>
      <ShopStyles />
      <CheckoutStyles />
      <Head title={t('checkout.title')} noindex />
      <header className="page-header">
        <h1>{t('checkout.title')}</h1>
      </header>
      {error != null || again.error != null ? (
        <p className="form-error" role="alert">{describeServerError(error ?? again.error, main, lang)}</p>
      ) : gone && plan.wanted ? (
        <p role="alert">
          {t('checkout.planGone')} <Link to={paths.member()}>{t('checkout.seePlans')}</Link>
        </p>
      ) : gone ? (
        <p role="alert">
          {t('checkout.courseGone')} <Link to={paths.courses()}>{t('checkout.seeCourses')}</Link>
        </p>
      ) : again.closed && again.order ? (
        <p role="alert">
          {t('paySuccess.closed', { number: again.order.number, status: t(`status.${again.closed}`) })} <Link to={paths.myOrders()}>{t('paySuccess.myOrders')}</Link>
        </p>
      ) : !owner || (wanted && !purchase) || (again.wanted && !again.order) ? (
        <p role="status">{t('checkout.loading')}</p>
      ) : (
        <CheckoutFlow key={`${owner}:${purchase?.product ?? again.order?.id ?? 'basket'}`} owner={owner} membership={purchase} order={again.order} />
      )}
    </>
  );
}
