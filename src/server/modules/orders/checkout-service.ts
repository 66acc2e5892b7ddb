import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Language } from '../../../shared/i18n/index.js';
import type {
  CheckoutInput,
  Order,
  OrderAddress,
  QuickBasket,
  QuickBasketInput,
  QuickCheckoutInput,
} from '../../../shared/api/orders.js';
import { SINGLE_COPY_CLASSES } from '../../../shared/api/shop.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { paymentMethodAvailable } from '../payments/service.js';
import { nowIso } from '../../platform/time.js';
import { cardsByIds } from '../courses/course-service.js';
import { findCourseProduct } from '../courses/product-service.js';
import { holdsCourseWithin } from '../courses/progress-service.js';
import { getProduct as getMembershipProduct } from '../membership/service.js';
import { getBasket } from '../shop/basket-service.js';
import { membershipPrices, type MembershipPrices } from '../shop/product-state.js';
import {
  allocateStock,
  basketForCheckout,
  claimVoucherUse,
  createQuickBasket,
  isShippingCountry,
  ownAddress,
  priceBasket,
  productForSale,
  shopProductOfMembership,
  submitBasket,
  type PricedBasket,
} from '../shop/checkout-support.js';
import { voucherReference } from './holds.js';
import { runKeyed, type Answer, type KeyedRequest } from './idempotency.js';
import { completePaidOrder, payWithin } from './payment-service.js';
import {
  countHoldingOrders,
  findKey,
  findOrder,
  insertLine,
  insertLineAttributes,
  insertOrder,
  insertReservation,
  orderNumberOf,
  updateOrder,
  type OrderRow,
} from './repo.js';
import { orderView } from './order-views.js';

/**
 * Placing orders: a basket ordered at checkout, a quick basket, or one product bought at once. Each is one
 * transaction, replayable by its `Idempotency-Key`; the basket's conditional close and the stock's conditional
 * allocation decide which of two checkouts sent at once places the order.
 */

const MINUTE_MS = 60 * 1000;

/** One line of a new order, however it was chosen (a basket line, a quick checkout item). */
interface NewLine {
  productId: number | null;
  productClass: string;
  membershipProductId: number | null;
  courseId: number | null;
  courseProductId: number | null;
  stockrecordId: number | null;
  partnerSku: string | null;
  title: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  attributes: { option_id: number | null; option_code: string; value: string }[];
}

interface NewOrder {
  basketId: number | null;
  lines: NewLine[];
  subtotal: number;
  discount: number;
  voucher: PricedBasket['voucher'];
  shippingRequired: boolean;
  shipping: PricedBasket['shipping'];
  total: number;
}

type Delivery = Pick<CheckoutInput, 'address' | 'shipping_address' | 'shipping_method_code' | 'payment_method' | 'total'>;

/** The address the goods go to: a saved address of the caller's, or one written for this order. */
async function shippingAddressOf(trx: Kysely<Database>, actor: Actor, delivery: Delivery): Promise<OrderAddress> {
  if (delivery.address !== undefined) {
    const a = await ownAddress(trx, actor.id, delivery.address);
    return {
      title: a.title,
      first_name: a.first_name,
      last_name: a.last_name,
      line1: a.line1,
      line2: a.line2,
      line3: a.line3,
      line4: a.line4,
      state: a.state,
      postcode: a.postcode,
      country: a.country,
      phone_number: a.phone_number,
      notes: a.notes,
    };
  }
  if (delivery.shipping_address !== undefined) {
    if (!(await isShippingCountry(trx, delivery.shipping_address.country))) throw Invalid.field('shipping_address', `The shop does not ship to ${delivery.shipping_address.country}.`);
    return { ...delivery.shipping_address };
  }
  throw Invalid.field('shipping_address', 'Something in this order is shipped: give an address or a shipping_address.');
}

/** Shipping is priced for the address's country, known before the basket is priced. */
async function destinationOf(trx: Kysely<Database>, actor: Actor, delivery: Delivery): Promise<string | null> {
  if (delivery.address !== undefined) return (await ownAddress(trx, actor.id, delivery.address)).country;
  return delivery.shipping_address?.country ?? null;
}

/**
 * Writes the order in the caller's transaction: the lines at their frozen prices, a reservation for every
 * stocked line (a conditional update: refused when fewer are left, so no unit is sold twice), one use of
 * the voucher, and the basket closed. Any refusal rolls all of it back.
 */
async function placeOrder(ctx: AppContext, trx: Kysely<Database>, actor: Actor, draft: NewOrder, delivery: Delivery, language: Language | null): Promise<OrderRow> {
  const at = new Date();
  const now = at.toISOString();
  // A provider without its keys is not offered (GET pay/methods), and no order may name it.
  if (!paymentMethodAvailable(ctx.config, delivery.payment_method)) throw Invalid.field('payment_method', 'This payment method is not offered on this site.');
  const address = draft.shippingRequired ? await shippingAddressOf(trx, actor, delivery) : null;
  if (delivery.total !== undefined && delivery.total !== draft.total) {
    const money = (amount: number) => `${(amount / 100).toFixed(2)} ${ctx.config.currency}`;
    const message = `The order total is now ${money(draft.total)}, not ${money(delivery.total)}; check the basket and try again.`;
    throw new Conflict(`total: ${message}`, { total: message });
  }
  if (draft.basketId !== null && !(await submitBasket(trx, draft.basketId, now))) {
    throw new Conflict('basket: This basket has been ordered already.', { basket: 'This basket has been ordered already.' });
  }
  const holdsStock = draft.lines.some((l) => l.stockrecordId !== null);
  // Unpaid orders hold stock from everyone else for a while: one shopper may keep only a few such holds at once.
  const holds = ctx.config.orderHoldsPerUser;
  if (holdsStock && (await countHoldingOrders(trx, actor.id, now)) >= holds) {
    throw new Conflict(`You have ${holds} unpaid orders holding stock; pay or cancel one of them first.`);
  }
  const reservedUntil = holdsStock ? new Date(at.getTime() + ctx.config.reservationMinutes * MINUTE_MS).toISOString() : null;
  const orderId = await insertOrder(trx, {
    number: `new:${randomUUID()}`,
    user_id: actor.id,
    basket_id: draft.basketId,
    status: 'pending',
    currency: ctx.config.currency,
    subtotal: draft.subtotal,
    discount: draft.discount,
    shipping_charge: draft.shipping?.price ?? 0,
    total: draft.total,
    voucher_id: draft.voucher?.id ?? null,
    voucher_code: draft.voucher?.code ?? null,
    voucher_claimed: draft.voucher ? 1 : 0,
    shipping_method_code: draft.shipping?.code ?? null,
    shipping_method_name: draft.shipping?.name ?? null,
    shipping_address: address === null ? null : JSON.stringify(address),
    payment_method: delivery.payment_method,
    language,
    reserved_until: reservedUntil,
    expires_at: new Date(at.getTime() + ctx.config.orderPaymentMinutes * MINUTE_MS).toISOString(),
    paid_at: null,
    fulfilled_at: null,
    closed_at: null,
    confirmation_sent_at: null,
    created_at: now,
    updated_at: now,
  });
  await updateOrder(trx, orderId, { number: orderNumberOf(orderId) });
  for (const l of draft.lines) {
    const lineId = await insertLine(trx, {
      order_id: orderId,
      product_id: l.productId,
      product_class: l.productClass,
      membership_product_id: l.membershipProductId,
      course_id: l.courseId,
      course_product_id: l.courseProductId,
      stockrecord_id: l.stockrecordId,
      partner_sku: l.partnerSku,
      title: l.title,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      discount: l.discount,
      line_total: l.unitPrice * l.quantity - l.discount,
      created_at: now,
    });
    await insertLineAttributes(trx, lineId, l.attributes);
    if (l.stockrecordId === null) continue;
    if (!(await allocateStock(trx, l.stockrecordId, l.quantity, now))) {
      const message = `"${l.title}" has just sold out or has fewer than ${l.quantity} left.`;
      throw new Conflict(`quantity: ${message}`, { quantity: message });
    }
    await insertReservation(trx, { order_id: orderId, line_id: lineId, stockrecord_id: l.stockrecordId, quantity: l.quantity, expires_at: reservedUntil!, at: now });
  }
  if (draft.voucher) await claimVoucherUse(trx, draft.voucher, actor.id, voucherReference(orderId), now);
  const order = (await findOrder(trx, orderId))!;
  // Nothing to pay (a voucher took it all): paid at once, through the same step a payment takes.
  if (order.total === 0) await payWithin(trx, order, at);
  return (await findOrder(trx, orderId))!;
}

function basketDraft(priced: PricedBasket): NewOrder {
  return {
    basketId: priced.basket.id,
    lines: priced.lines.map((l) => ({
      productId: l.productId,
      productClass: l.productClass,
      membershipProductId: l.membershipProductId,
      courseId: null,
      courseProductId: null,
      stockrecordId: l.stockrecordId,
      partnerSku: l.partnerSku,
      title: l.title,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      attributes: l.attributes,
    })),
    subtotal: priced.subtotal,
    discount: priced.discount,
    voucher: priced.voucher,
    shippingRequired: priced.shippingRequired,
    shipping: priced.shipping,
    total: priced.total,
  };
}

/** After the commit: a free order's grants and confirmation. */
async function afterPlaced(ctx: AppContext, answer: Answer<Order>): Promise<Answer<Order>> {
  if (answer.body.status === 'paid') await completePaidOrder(ctx, answer.body.id);
  return answer;
}

/**
 * Brings the basket true to the catalogue first (in its own transaction, as reading it does), so a shopper
 * whose basket changed since it was shown is told what changed instead of paying another amount.
 */
async function reconciledBasket(ctx: AppContext, actor: Actor, basketId: number): Promise<void> {
  try {
    const basket = await getBasket(ctx, actor, basketId);
    if (basket.owner !== actor.id) throw Invalid.field('basket', 'No such basket of yours.');
    if (basket.corrections.length) {
      const message = `The basket changed: ${basket.corrections.map((c) => c.message).join(' ')} Check it and order again.`;
      const changed = new Conflict(`basket: ${message}`, { basket: message });
      // Each correction on its own too: the basket read afterwards lists them no more.
      changed.changes = basket.corrections.map((c) => c.message);
      throw changed;
    }
  } catch (err) {
    if (err instanceof NotFound) throw Invalid.field('basket', 'No such basket of yours.');
    throw err;
  }
}

async function checkoutBasket(ctx: AppContext, actor: Actor, input: CheckoutInput, language: Language | null, request: KeyedRequest, quickOnly: boolean): Promise<Answer<Order>> {
  const prices = await membershipPrices(ctx);
  const answer = await runKeyed<Order>(ctx, actor, request, async (trx) => {
    const basket = await basketForCheckout(trx, actor.id, input.basket);
    if (quickOnly && basket.status !== 'frozen') throw Invalid.field('basket', 'This is not a quick basket; order it with checkout.');
    const now = nowIso();
    const priced = await priceBasket(trx, basket, prices, { code: input.shipping_method_code, country: await destinationOf(trx, actor, input) }, now, language);
    const order = await placeOrder(ctx, trx, actor, basketDraft(priced), input, language);
    return { status: 201, body: await orderView(ctx, trx, order.id) };
  });
  return afterPlaced(ctx, answer);
}

export async function checkout(ctx: AppContext, actor: Actor, input: CheckoutInput, language: Language | null, request: KeyedRequest): Promise<Answer<Order>> {
  if (request.key === undefined || !(await isReplay(ctx, actor, request))) await reconciledBasket(ctx, actor, input.basket);
  return checkoutBasket(ctx, actor, input, language, request, false);
}

export function quickCreateOrder(ctx: AppContext, actor: Actor, input: CheckoutInput, language: Language | null, request: KeyedRequest): Promise<Answer<Order>> {
  return checkoutBasket(ctx, actor, input, language, request, true);
}

/** A repeated key: its answer comes from the store, whatever the basket has become since. */
async function isReplay(ctx: AppContext, actor: Actor, request: KeyedRequest): Promise<boolean> {
  return (await findKey(ctx.db.kysely, actor.id, request.key!)) !== undefined;
}

export async function quickCreateBasket(ctx: AppContext, actor: Actor, input: QuickBasketInput, request: KeyedRequest): Promise<Answer<QuickBasket>> {
  const prices = await membershipPrices(ctx);
  return runKeyed<QuickBasket>(ctx, actor, request, async (trx) => {
    const q = await createQuickBasket(trx, actor.id, input, prices, nowIso());
    return {
      status: 201,
      body: {
        id: q.basket.id,
        owner: q.basket.owner_id,
        status: q.basket.status,
        product: q.productId,
        product_title: q.title,
        quantity: q.quantity,
        unit_price: q.unitPrice,
        total: q.unitPrice * q.quantity,
        currency: ctx.config.currency,
        shipping_required: q.shippingRequired,
      },
    };
  });
}

/** The one item of a quick checkout, read before its transaction (other modules read on their own). */
async function quickItem(ctx: AppContext, input: QuickCheckoutInput, language: Language | null): Promise<(trx: Kysely<Database>, prices: MembershipPrices) => Promise<NewLine>> {
  const given = [input.product, input.membership_product, input.course_product].filter((v) => v !== undefined).length;
  if (given !== 1) throw Invalid.field('product', 'Give exactly one of product, membership_product and course_product.');
  const single = (field: string) => {
    if (input.quantity > 1) throw Invalid.field('quantity', 'One is enough of this product.');
    return field;
  };
  const base = { courseId: null, courseProductId: null, stockrecordId: null, partnerSku: null, discount: 0, attributes: [], quantity: input.quantity };
  if (input.membership_product !== undefined) {
    single('membership_product');
    let product;
    try {
      // Named in the shopper's language, as the plan card they bought from showed it.
      product = await getMembershipProduct(ctx, null, input.membership_product, language ?? undefined);
    } catch (err) {
      if (err instanceof NotFound) throw Invalid.field('membership_product', 'No such membership product for sale.');
      throw err;
    }
    return async (trx) => ({
      ...base,
      productId: (await shopProductOfMembership(trx, product.id)) ?? null,
      productClass: 'membership',
      membershipProductId: product.id,
      title: product.name,
      unitPrice: product.price,
    });
  }
  if (input.course_product !== undefined) {
    single('course_product');
    const product = await findCourseProduct(ctx, input.course_product);
    if (!product || product.is_active !== 1) throw Invalid.field('course_product', 'No such course product for sale.');
    const course = (await cardsByIds(ctx, [product.course_id])).get(product.course_id);
    if (!course) throw Invalid.field('course_product', 'No such course product for sale.');
    return () =>
      Promise.resolve({
        ...base,
        productId: null,
        productClass: 'course',
        membershipProductId: null,
        courseId: product.course_id,
        courseProductId: product.id,
        // The course's title, and the product's name where it says more ("Lifetime"), once: a name that starts with the title is used as it is.
        title: !product.name || product.name === course.title ? course.title : product.name.startsWith(course.title) ? product.name : `${course.title}: ${product.name}`,
        unitPrice: product.price,
      });
  }
  const productId = input.product!;
  return async (trx, prices) => {
    const sale = await productForSale(trx, productId, prices);
    if ((SINGLE_COPY_CLASSES as readonly string[]).includes(sale.product.product_class)) single('product');
    if (sale.state.available !== null && sale.state.available < input.quantity) throw Invalid.field('quantity', `Only ${sale.state.available} in stock.`);
    return {
      ...base,
      productId: sale.product.id,
      productClass: sale.product.product_class,
      membershipProductId: sale.product.membership_product_id,
      stockrecordId: sale.state.record?.id ?? null,
      partnerSku: sale.state.record?.partner_sku ?? null,
      title: sale.product.title,
      unitPrice: sale.price,
    };
  };
}

/** Buys one product now, without a basket: memberships (plan cards), courses, downloads, a book. */
export async function quickCheckout(ctx: AppContext, actor: Actor, input: QuickCheckoutInput, language: Language | null, request: KeyedRequest): Promise<Answer<Order>> {
  const item = await quickItem(ctx, input, language);
  const prices = await membershipPrices(ctx);
  const answer = await runKeyed<Order>(ctx, actor, request, async (trx) => {
    const line = await item(trx, prices);
    if (line.productClass === 'physical') {
      // The shipping rules are the basket's: priced through a one-line quick basket.
      const q = await createQuickBasket(trx, actor.id, { product: line.productId!, quantity: line.quantity, options: [] }, prices, nowIso());
      const priced = await priceBasket(trx, q.basket, prices, { code: input.shipping_method_code, country: await destinationOf(trx, actor, input) }, nowIso(), language);
      const order = await placeOrder(ctx, trx, actor, basketDraft(priced), input, language);
      return { status: 201, body: await orderView(ctx, trx, order.id) };
    }
    if (line.courseId !== null && (await holdsCourseWithin(trx, actor.id, line.courseId))) {
      throw new Conflict('course_product: You have this course already.', { course_product: 'You have this course already.' });
    }
    const subtotal = line.unitPrice * line.quantity;
    const order = await placeOrder(ctx, trx, actor, { basketId: null, lines: [line], subtotal, discount: 0, voucher: null, shippingRequired: false, shipping: null, total: subtotal }, input, language);
    return { status: 201, body: await orderView(ctx, trx, order.id) };
  });
  return afterPlaced(ctx, answer);
}
