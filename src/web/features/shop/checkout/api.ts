import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CoursePriceCard } from '../../../../shared/api/courses.js';
import { coursesPaths } from '../../../../shared/api/courses-paths.js';
import type { MembershipPlan, MembershipProduct } from '../../../../shared/api/membership.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { membershipPaths } from '../../../../shared/api/membership-paths.js';
import type { Order } from '../../../../shared/api/orders.js';
import { ordersPaths, type OrderStatus } from '../../../../shared/api/orders-paths.js';
import type { PaymentMethods, PaymentStartAnswer, PaymentStatus } from '../../../../shared/api/payments.js';
import { paymentsPaths, type PaymentChannel } from '../../../../shared/api/payments-paths.js';
import type { UserAddress } from '../../../../shared/api/shop.js';
import { shopPaths } from '../../../../shared/api/shop-paths.js';
import { pathOf, type HttpClient } from '../../../lib/http.js';
import { basketApi } from '../components/use-basket.js';
import type { CheckoutContext, PlacedOrder, StartedPayment, StatusAnswer } from '../machines/checkout-machine.js';

/** Answers that belong to the logged-in user: never persisted, dropped at logout. */
const PERSONAL = { personal: true } as const;

/** A page of orders as the API lists them. */
export interface OrderPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Order[];
}

/** A write with its `Idempotency-Key`: the same key sent again answers what the first answered. */
const keyed = (key: string) => basketApi().client(key);

export const addressesQuery = (http: HttpClient, owner: number) =>
  queryOptions({
    queryKey: ['checkout', 'addresses', owner] as const,
    queryFn: () => http.get<UserAddress[]>(shopPaths.userAddresses),
    meta: PERSONAL,
  });

/** The payment methods the site offers (a provider without its keys is not listed). */
export const paymentMethodsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['checkout', 'payment-methods'] as const,
    queryFn: () => http.get<PaymentMethods>(paymentsPaths.methods),
    staleTime: 60_000,
  });

export type PriceCard = Array<MembershipPlan & { products: MembershipProduct[] }>;

/** The plans and their products (public), named in `lang`: a plan card's Buy names one of these products. */
export const planProductsQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: ['checkout', 'price-card', lang] as const,
    queryFn: () => http.get<PriceCard>(membershipPaths.productMembership, { lang }, { anonymous: true }),
    staleTime: 60_000,
  });

/** The paid courses with their products on sale (the price card a course's Buy is checked against). */
export const coursePriceCardQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['checkout', 'course-price-card'] as const,
    queryFn: () => http.get<CoursePriceCard>(coursesPaths.productCourse, undefined, { anonymous: true }),
    staleTime: 60_000,
  });

export const myOrdersQuery = (http: HttpClient, owner: number, page: number, status?: OrderStatus) =>
  queryOptions({
    queryKey: [...myOrdersKey(owner), page, status ?? 'all'] as const,
    queryFn: () => http.get<OrderPage>(ordersPaths.myOrder, { page, status }),
    placeholderData: keepPreviousData,
    meta: PERSONAL,
  });

export const orderStatusByNumberQuery = (http: HttpClient, owner: number, number: string) =>
  queryOptions({
    queryKey: ['checkout', 'status', owner, number] as const,
    queryFn: () => http.get<PaymentStatus>(pathOf(paymentsPaths.statusByNumber, { number })),
    meta: PERSONAL,
  });

export const orderQuery = (http: HttpClient, owner: number, id: number) =>
  queryOptions({
    queryKey: ['checkout', 'order', owner, id] as const,
    queryFn: () => http.get<Order>(pathOf(ordersPaths.order, { id })),
    meta: PERSONAL,
  });

/** Cancels a pending order of the caller's (a 409 once it is no longer pending); the same key answers a retry the same. */
export const cancelOrder = (id: number, key: string) => keyed(key).post<Order>(pathOf(ordersPaths.orderCancel, { id }));

/** The key of every page of the caller's orders (what a change to one of them makes stale). */
export const myOrdersKey = (owner: number) => ['checkout', 'my-orders', owner] as const;

const placed = (order: Order): PlacedOrder => ({ id: order.id, number: order.number, total: order.total_incl_tax, currency: order.currency, paid: order.status === 'paid' });

/** The order of a checkout: the basket's (`checkout`) or one membership or course product now (`quick_checkout`). */
export async function placeOrder(context: CheckoutContext): Promise<PlacedOrder> {
  const { item, address, shippingCode, method, idempotencyKey, total } = context;
  if (!item || !method || !idempotencyKey) throw new Error('The checkout is not complete.');
  const delivery =
    address?.kind === 'saved' ? { address: address.id } : address?.kind === 'new' ? { shipping_address: address.fields } : {};
  const common = { payment_method: method, ...(total !== null ? { total } : {}) };
  if (item.kind !== 'basket') {
    const product = item.kind === 'course' ? { course_product: item.product } : { membership_product: item.product };
    return placed(await keyed(idempotencyKey).post<Order>(ordersPaths.quickCheckout, { ...product, quantity: 1, ...common }));
  }
  const body = item.shipping ? { basket: item.basket, ...delivery, ...(shippingCode ? { shipping_method_code: shippingCode } : {}), ...common } : { basket: item.basket, ...common };
  return placed(await keyed(idempotencyKey).post<Order>(ordersPaths.checkout, body));
}

/** Starts payment attempt `attempt` of an order (a redirect URL, a QR code or an H5 page). */
export async function startPayment(input: { orderId: number; attempt: number; channel: PaymentChannel }): Promise<StartedPayment> {
  const answer = await basketApi()
    .client()
    .get<PaymentStartAnswer>(pathOf(paymentsPaths.update, { id: input.orderId, n: input.attempt }), { channel: input.channel });
  return { attempt: answer.attempt, kind: answer.kind, url: answer.url, codeUrl: answer.code_url, expiresAt: answer.expires_at };
}

export async function fetchStatus(input: { orderId: number }): Promise<StatusAnswer> {
  const answer = await basketApi()
    .client()
    .get<PaymentStatus>(pathOf(paymentsPaths.status, { id: input.orderId }));
  return { status: answer.status, paid: answer.paid };
}
