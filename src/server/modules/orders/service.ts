import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Language } from '../../../shared/i18n/index.js';
import {
  type CheckoutInput,
  type MyOrderQuery,
  type Order,
  type OrderAddress,
  type OrderLine,
  type OrderLineAttribute,
  type OrderLineAttributeListQuery,
  type OrderLineListQuery,
  type OrderListQuery,
  type OrderRefund,
  type QuickBasket,
  type QuickBasketInput,
  type QuickCheckoutInput,
} from '../../../shared/api/orders.js';
import { SINGLE_COPY_CLASSES } from '../../../shared/api/shop.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { paymentMethodAvailable } from '../payments/service.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import { cardsByIds } from '../courses/course-service.js';
import { findCourseProduct } from '../courses/product-service.js';
import { holdsCourseWithin } from '../courses/progress-service.js';
import { getProduct as getMembershipProduct } from '../membership/service.js';
import { getBasket } from '../shop/basket-service.js';
import { membershipPrices, type MembershipPrices } from '../shop/catalogue-service.js';
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
import { downloadLinks, type LineDownload } from './downloads.js';
import { voucherReference } from './holds.js';
import { runKeyed, type Answer, type KeyedRequest } from './idempotency.js';
import { cancelWithin, completePaidOrder, orderTitle, payWithin } from './payment-service.js';
import {
  attributesOfLines,
  countAttributes,
  countLines,
  countOrders,
  findAttribute,
  countHoldingOrders,
  findKey,
  findLine,
  findOrder,
  insertLine,
  insertLineAttributes,
  insertOrder,
  insertReservation,
  linesOfOrders,
  listAttributes,
  listLines,
  listOrders as selectOrders,
  orderNumberOf,
  pendingOrdersOf,
  paymentsOfOrders,
  refundsOfOrders,
  transitionIf,
  updateOrder,
  type OrderLineAttributeRow,
  type OrderLineRow,
  type OrderRow,
  type RefundRow,
} from './repo.js';

const MINUTE_MS = 60 * 1000;

// Shapes

function toAttribute(a: OrderLineAttributeRow): OrderLineAttribute {
  return { id: a.id, line: a.line_id, option: a.option_id, option_code: a.option_code, value: a.value };
}

function toLine(currency: string, l: OrderLineRow, attributes: OrderLineAttributeRow[], downloads: Map<number, LineDownload>): OrderLine {
  const gross = l.unit_price * l.quantity;
  return {
    id: l.id,
    order: l.order_id,
    product: l.product_id,
    product_class: l.product_class,
    membership_product: l.membership_product_id,
    course: l.course_id,
    course_product: l.course_product_id,
    stockrecord: l.stockrecord_id,
    partner_sku: l.partner_sku,
    title: l.title,
    quantity: l.quantity,
    price_currency: currency,
    unit_price_incl_tax: l.unit_price,
    unit_price_excl_tax: l.unit_price,
    line_price_before_discounts_incl_tax: gross,
    line_price_incl_tax: l.line_total,
    line_price_excl_tax: l.line_total,
    discount: l.discount,
    attributes: attributes.filter((a) => a.line_id === l.id).map(toAttribute),
    download_url: downloads.get(l.id)?.url ?? null,
    download_name: downloads.get(l.id)?.name ?? null,
    download_bytes: downloads.get(l.id)?.bytes ?? null,
  };
}

function toOrder(o: OrderRow, lines: OrderLineRow[], attributes: OrderLineAttributeRow[], downloads: Map<number, LineDownload>, now: string): Omit<Order, 'payments_to_return'> {
  const own = lines.filter((l) => l.order_id === o.id);
  return {
    id: o.id,
    number: o.number,
    basket: o.basket_id,
    user: o.user_id,
    status: o.status,
    currency: o.currency,
    title: orderTitle(own, o.language),
    total_excl_tax_excl_discounts: o.subtotal,
    total_discount: o.discount,
    shipping_incl_tax: o.shipping_charge,
    shipping_excl_tax: o.shipping_charge,
    total_incl_tax: o.total,
    total_excl_tax: o.total,
    voucher_code: o.voucher_code,
    shipping_method: o.shipping_method_name,
    shipping_code: o.shipping_method_code,
    shipping_address: o.shipping_address === null ? null : (JSON.parse(o.shipping_address) as OrderAddress),
    payment_method: o.payment_method,
    reserved_until: o.status === 'pending' ? o.reserved_until : null,
    expires_at: o.expires_at,
    can_pay: o.status === 'pending' && o.expires_at > now,
    date_placed: o.created_at,
    date_paid: o.paid_at,
    date_fulfilled: o.fulfilled_at,
    date_closed: o.closed_at,
    lines: own.map((l) => toLine(o.currency, l, attributes, downloads)),
  };
}

function toRefund(r: RefundRow): OrderRefund {
  return {
    id: r.id,
    payment: r.payment_id,
    provider: r.provider,
    amount: r.amount,
    status: r.status,
    refund_number: r.out_request_no,
    settled_by: r.settled_by,
    reason: r.reason,
    failure_reason: r.failure_reason,
    date_created: r.created_at,
    date_updated: r.updated_at,
  };
}

/**
 * Orders with their lines and line attributes, in three queries (a fourth when a paid order has downloads); for
 * staff (`withRefunds`) one more, their refunds. `db` may be the transaction that just changed them.
 */
async function orderViews(ctx: AppContext, db: Kysely<Database>, rows: OrderRow[], withRefunds = false): Promise<Order[]> {
  const ids = rows.map((o) => o.id);
  const lines = await linesOfOrders(db, ids);
  const attributes = await attributesOfLines(
    db,
    lines.map((l) => l.id),
  );
  const statuses = new Map(rows.map((o) => [o.id, o.status]));
  const downloads = await downloadLinks(ctx, db, lines, (orderId) => statuses.get(orderId));
  const [payments, refunds] = await Promise.all([paymentsOfOrders(db, ids), refundsOfOrders(db, ids)]);
  const returned = new Set(refunds.filter((r) => r.status === 'succeeded').map((r) => r.payment_id));
  const now = nowIso();
  return rows.map((o) => {
    const own = payments.filter((p) => p.order_id === o.id);
    const view = { ...toOrder(o, lines, attributes, downloads, now), payments_to_return: own.filter((p) => p.outcome === 'refund_due' && !returned.has(p.id)).length };
    if (!withRefunds) return view;
    return {
      ...view,
      refunds: refunds.filter((r) => r.order_id === o.id).map(toRefund),
      payments: own.map((p) => ({ id: p.id, provider: p.provider, amount: p.amount, outcome: p.outcome, refunded: returned.has(p.id), date_created: p.created_at })),
    };
  });
}

export async function orderView(ctx: AppContext, db: Kysely<Database>, id: number, withRefunds = false): Promise<Order> {
  return (await orderViews(ctx, db, [(await findOrder(db, id))!], withRefunds))[0];
}

// Access: an order answers its owner and staff; anyone else gets the 404 of an order that does not exist.

export async function reachableOrder(db: Kysely<Database>, actor: Actor, id: number): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order || (order.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order');
  return order;
}

// Placing an order

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

// Reading orders

export async function listOrders(ctx: AppContext, actor: Actor, query: OrderListQuery) {
  if (query.user !== undefined && query.user !== actor.id && !isStaff(actor)) throw new Forbidden('Only staff see other people’s orders.');
  const filters = {
    userId: isStaff(actor) ? query.user : actor.id,
    status: query.status,
    number: query.number,
    paymentMethod: query.payment_method,
    placedAfter: query.placed_after,
    placedBefore: query.placed_before,
  };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countOrders(db, filters), selectOrders(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: await orderViews(ctx, db, rows, isStaff(actor)) };
}

/** The caller's own orders, staff included. */
export async function myOrders(ctx: AppContext, actor: Actor, query: MyOrderQuery) {
  const db = ctx.db.kysely;
  const filters = { userId: actor.id, status: query.status };
  const [count, rows] = await Promise.all([countOrders(db, filters), selectOrders(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: await orderViews(ctx, db, rows) };
}

export async function getOrder(ctx: AppContext, actor: Actor, id: number): Promise<Order> {
  const order = await reachableOrder(ctx.db.kysely, actor, id);
  return (await orderViews(ctx, ctx.db.kysely, [order], isStaff(actor)))[0];
}

export async function linesOfOrder(ctx: AppContext, actor: Actor, id: number): Promise<OrderLine[]> {
  return (await getOrder(ctx, actor, id)).lines;
}

export async function listOrderLines(ctx: AppContext, actor: Actor, query: OrderLineListQuery) {
  const db = ctx.db.kysely;
  if (query.order !== undefined) await reachableOrder(db, actor, query.order);
  const userId = isStaff(actor) ? undefined : actor.id;
  const [count, rows] = await Promise.all([countLines(db, userId, query.order), listLines(db, userId, query.order, query.page_size, offsetOf(query))]);
  const attributes = await attributesOfLines(
    db,
    rows.map((l) => l.id),
  );
  const statuses = new Map(rows.map((l) => [l.order_id, l.order_status]));
  const downloads = await downloadLinks(ctx, db, rows, (orderId) => statuses.get(orderId));
  return { count, results: rows.map((l) => toLine(ctx.config.currency, l, attributes, downloads)) };
}

export async function getOrderLine(ctx: AppContext, actor: Actor, id: number): Promise<OrderLine> {
  const db = ctx.db.kysely;
  const line = await findLine(db, id);
  if (!line || (line.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order line');
  const order = (await findOrder(db, line.order_id))!;
  const downloads = await downloadLinks(ctx, db, [line], () => line.order_status);
  return toLine(order.currency, line, await attributesOfLines(db, [line.id]), downloads);
}

export async function listOrderLineAttributes(ctx: AppContext, actor: Actor, query: OrderLineAttributeListQuery & PageQuery) {
  const db = ctx.db.kysely;
  if (query.line !== undefined) await getOrderLine(ctx, actor, query.line);
  const userId = isStaff(actor) ? undefined : actor.id;
  const [count, rows] = await Promise.all([countAttributes(db, userId, query.line), listAttributes(db, userId, query.line, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toAttribute) };
}

export async function getOrderLineAttribute(ctx: AppContext, actor: Actor, id: number): Promise<OrderLineAttribute> {
  const row = await findAttribute(ctx.db.kysely, id);
  if (!row || (row.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Order line attribute');
  return toAttribute(row);
}

// Staff: fulfil, cancel (refunds: refund-service.ts)

/** Refuses a move the order's status does not allow; `order` is read after the refused update, so it names the status now. */
export function refused(order: OrderRow, action: string): Conflict {
  const message = `An order that is ${order.status} cannot be ${action}.`;
  return new Conflict(`status: ${message}`, { status: message });
}

/**
 * The order as it is after a refused conditional update: on PostgreSQL a request sent at the same time as the
 * one that moved it read it before the move, and must name the status it found, as a later request would.
 */
async function statusNow(trx: Kysely<Database>, order: OrderRow): Promise<OrderRow> {
  return (await findOrder(trx, order.id)) ?? order;
}

export function fulfilOrder(ctx: AppContext, actor: Actor, id: number, request: KeyedRequest): Promise<Answer<Order>> {
  return runKeyed<Order>(ctx, actor, request, async (trx) => {
    const order = await reachableOrder(trx, actor, id);
    const now = nowIso();
    if (!(await transitionIf(trx, order.id, ['paid'], { status: 'fulfilled', fulfilled_at: now, updated_at: now }))) throw refused(await statusNow(trx, order), 'fulfilled');
    return { status: 200, body: await orderView(ctx, trx, order.id) };
  });
}

/** Cancels a pending order in the caller's transaction, its held stock and voucher use given back; false when it is no longer pending. */
/**
 * Before a buyer's account is deleted, in the deletion's transaction: its pending orders are cancelled, so their
 * held stock and voucher uses go back. Every order stays, with its lines, payments and refunds: the account's
 * deletion sets `user_id` to null (migration 0026), so the shop's accounts, staff and refunds still find it, and a
 * payment arriving later is recorded for refund.
 */
export async function forgetBuyer(trx: Kysely<Database>, userId: number): Promise<void> {
  const now = nowIso();
  for (const order of await pendingOrdersOf(trx, userId)) await cancelWithin(trx, order, now);
}

/** Cancels an unpaid order: its held stock and its voucher use go back. */
export function cancelOrder(ctx: AppContext, actor: Actor, id: number, request: KeyedRequest): Promise<Answer<Order>> {
  return runKeyed<Order>(ctx, actor, request, async (trx) => {
    const order = await reachableOrder(trx, actor, id);
    const now = nowIso();
    if (!(await cancelWithin(trx, order, now))) throw refused(await statusNow(trx, order), 'cancelled');
    return { status: 200, body: await orderView(ctx, trx, order.id) };
  });
}
