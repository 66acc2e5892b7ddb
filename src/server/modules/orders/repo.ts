import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  Database,
  OrderLinesTable,
  OrderPaymentsTable,
  OrderRefundsTable,
  OrderStatus,
  OrdersTable,
  ReservationState,
} from '../../db/types.js';

/** SQL of orders, their lines, line attributes, stock reservations, payments, refunds and stored answers. */

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

/** Orders are numbered from 100000 up, as django-oscar numbers them: short enough to read out on the phone. */
export const orderNumberOf = (id: number) => String(100000 + id);

export function findOrder(db: Kysely<Database>, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export function findOrderByNumber(db: Kysely<Database>, number: string) {
  return db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
}

export async function insertOrder(db: Kysely<Database>, values: Insertable<OrdersTable>): Promise<number> {
  return (await db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateOrder(db: Kysely<Database>, id: number, values: Updateable<OrdersTable>): Promise<void> {
  await db.updateTable('orders').set(values).where('id', '=', id).execute();
}

/** Moves the order from one of `from` to another status; false when it is no longer in one of them. */
export async function transitionIf(db: Kysely<Database>, id: number, from: OrderStatus[], values: Updateable<OrdersTable> & { status: OrderStatus }): Promise<boolean> {
  return changed(await db.updateTable('orders').set(values).where('id', '=', id).where('status', 'in', from).executeTakeFirst());
}

export interface OrderFilters {
  userId?: number;
  status?: OrderStatus;
  number?: string;
  paymentMethod?: string;
  placedAfter?: string;
  placedBefore?: string;
}

export function filteredOrders(db: Kysely<Database>, f: OrderFilters) {
  let q = db.selectFrom('orders');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.number !== undefined) q = q.where('number', '=', f.number);
  if (f.paymentMethod !== undefined) q = q.where('payment_method', '=', f.paymentMethod);
  if (f.placedAfter !== undefined) q = q.where('created_at', '>=', f.placedAfter);
  if (f.placedBefore !== undefined) q = q.where('created_at', '<', f.placedBefore);
  return q;
}

export function listOrders(db: Kysely<Database>, f: OrderFilters, limit: number, offset: number) {
  return filteredOrders(db, f).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countOrders(db: Kysely<Database>, f: OrderFilters): Promise<number> {
  const row = await filteredOrders(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A user's pending orders (on the `orders_user` index). */
export function pendingOrdersOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', 'pending').orderBy('id').execute();
}

/** The user's pending orders, other than `exceptOrderId`, with a line of this course. */
export function pendingOrdersWithCourse(db: Kysely<Database>, userId: number, courseId: number, exceptOrderId: number) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.user_id', '=', userId)
    .where('orders.status', '=', 'pending')
    .where('orders.id', '!=', exceptOrderId)
    .where((eb) => eb.exists(eb.selectFrom('order_lines').select('order_lines.id').whereRef('order_lines.order_id', '=', 'orders.id').where('order_lines.course_id', '=', courseId)))
    .orderBy('orders.id')
    .execute();
}

/** A user's pending orders that still hold stock (their hold has not lapsed), on the `orders_user` index. */
export async function countHoldingOrders(db: Kysely<Database>, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('reserved_until', '>', now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pending orders whose time to pay has passed, oldest first. */
export function overdueOrders(db: Kysely<Database>, now: string, limit: number) {
  return db.selectFrom('orders').select('id').where('status', '=', 'pending').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
}

/** Paid orders whose confirmation has not gone out (a mail that failed, a process that stopped). */
export function unconfirmedPaidOrders(db: Kysely<Database>, limit: number) {
  return db.selectFrom('orders').select('id').where('status', '=', 'paid').where('confirmation_sent_at', 'is', null).orderBy('id').limit(limit).execute();
}

/** Claims the confirmation mail of an order; false when another run has it. */
export async function claimConfirmation(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  return changed(await db.updateTable('orders').set({ confirmation_sent_at: at }).where('id', '=', id).where('confirmation_sent_at', 'is', null).executeTakeFirst());
}

export async function releaseConfirmation(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('orders').set({ confirmation_sent_at: null }).where('id', '=', id).execute();
}

// Lines

export async function insertLine(db: Kysely<Database>, values: Insertable<OrderLinesTable>): Promise<number> {
  return (await db.insertInto('order_lines').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertLineAttributes(db: Kysely<Database>, lineId: number, values: { option_id: number | null; option_code: string; value: string }[]): Promise<void> {
  if (values.length) await db.insertInto('order_line_attributes').values(values.map((v) => ({ line_id: lineId, ...v }))).execute();
}

export function linesOfOrders(db: Kysely<Database>, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute();
}

export type OrderLineRow = Awaited<ReturnType<typeof linesOfOrders>>[number];

export function findLine(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .selectAll('l')
    .select(['o.user_id', 'o.status as order_status'])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

function linesOfUser(db: Kysely<Database>, userId: number | undefined, orderId: number | undefined) {
  let q = db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id');
  if (userId !== undefined) q = q.where('o.user_id', '=', userId);
  if (orderId !== undefined) q = q.where('l.order_id', '=', orderId);
  return q;
}

/** Lines of the user's orders (every order's for staff), newest first. */
export function listLines(db: Kysely<Database>, userId: number | undefined, orderId: number | undefined, limit: number, offset: number) {
  return linesOfUser(db, userId, orderId).selectAll('l').select('o.status as order_status').orderBy('l.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countLines(db: Kysely<Database>, userId: number | undefined, orderId: number | undefined): Promise<number> {
  const row = await linesOfUser(db, userId, orderId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function attributesOfLines(db: Kysely<Database>, lineIds: number[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_line_attributes').selectAll().where('line_id', 'in', lineIds).orderBy('line_id').orderBy('id').execute();
}

export type OrderLineAttributeRow = Awaited<ReturnType<typeof attributesOfLines>>[number];

export function findAttribute(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('order_line_attributes as a')
    .innerJoin('order_lines as l', 'l.id', 'a.line_id')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .selectAll('a')
    .select('o.user_id')
    .where('a.id', '=', id)
    .executeTakeFirst();
}

function attributesOfUser(db: Kysely<Database>, userId: number | undefined, lineId: number | undefined) {
  let q = db
    .selectFrom('order_line_attributes as a')
    .innerJoin('order_lines as l', 'l.id', 'a.line_id')
    .innerJoin('orders as o', 'o.id', 'l.order_id');
  if (userId !== undefined) q = q.where('o.user_id', '=', userId);
  if (lineId !== undefined) q = q.where('a.line_id', '=', lineId);
  return q;
}

export function listAttributes(db: Kysely<Database>, userId: number | undefined, lineId: number | undefined, limit: number, offset: number) {
  return attributesOfUser(db, userId, lineId).selectAll('a').orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAttributes(db: Kysely<Database>, userId: number | undefined, lineId: number | undefined): Promise<number> {
  const row = await attributesOfUser(db, userId, lineId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Reservations

export async function insertReservation(
  db: Kysely<Database>,
  values: { order_id: number; line_id: number; stockrecord_id: number; quantity: number; expires_at: string; at: string },
): Promise<void> {
  const { at, ...rest } = values;
  await db
    .insertInto('order_stock_reservations')
    .values({ ...rest, state: 'held', created_at: at, updated_at: at })
    .execute();
}

export function reservationsOf(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('order_stock_reservations').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export type ReservationRow = Awaited<ReturnType<typeof reservationsOf>>[number];

/** Moves a reservation between states; false when another step moved it first (so stock moves once). */
export async function moveReservation(db: Kysely<Database>, id: number, from: ReservationState, to: ReservationState, at: string): Promise<boolean> {
  return changed(await db.updateTable('order_stock_reservations').set({ state: to, updated_at: at }).where('id', '=', id).where('state', '=', from).executeTakeFirst());
}

/** Held reservations whose time is up. */
export function lapsedReservations(db: Kysely<Database>, now: string, limit: number) {
  return db.selectFrom('order_stock_reservations').selectAll().where('state', '=', 'held').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
}

// Payments and refunds

export function findPayment(db: Kysely<Database>, provider: string, tradeNo: string) {
  return db.selectFrom('order_payments').selectAll().where('provider', '=', provider).where('provider_trade_no', '=', tradeNo).executeTakeFirst();
}

/** Records a payment; undefined when this provider's trade number is recorded already. */
export async function insertPayment(db: Kysely<Database>, values: Insertable<OrderPaymentsTable>): Promise<number | undefined> {
  const row = await db
    .insertInto('order_payments')
    .values(values)
    .onConflict((oc) => oc.columns(['provider', 'provider_trade_no']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function markRefundDue(db: Kysely<Database>, paymentId: number): Promise<void> {
  await db.updateTable('order_payments').set({ outcome: 'refund_due' }).where('id', '=', paymentId).execute();
}

export function paymentsOfOrders(db: Kysely<Database>, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_payments').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute();
}

export function paymentsOf(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('order_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function insertRefund(db: Kysely<Database>, values: Insertable<OrderRefundsTable>): Promise<number> {
  return (await db.insertInto('order_refunds').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Claims the refund of a payment (one per payment, unique); false when a row for it exists already. The refund's
 * number is unique too and follows from the payment, so two requests at once may collide on either index: no
 * conflict target, so PostgreSQL skips the row whichever index it meets first (a target would leave the other
 * index's violation an error).
 */
export async function claimRefund(db: Kysely<Database>, values: Insertable<OrderRefundsTable> & { payment_id: number }): Promise<boolean> {
  const rows = await db
    .insertInto('order_refunds')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** A failed refund asked for again (same `out_request_no`); false when it succeeded meanwhile. */
export async function requestRefundAgain(db: Kysely<Database>, id: number, reason: string, by: number, at: string): Promise<boolean> {
  return changed(
    await db.updateTable('order_refunds').set({ status: 'requested', reason, created_by: by, failure_reason: null, updated_at: at }).where('id', '=', id).where('status', '!=', 'succeeded').executeTakeFirst(),
  );
}

/** Marks a refund done; false when it was done already (another request settled it first). */
export async function markRefundSucceeded(db: Kysely<Database>, id: number, values: { provider_refund_no: string | null; settled_by: 'provider' | 'local'; updated_at: string }): Promise<boolean> {
  return changed(await db.updateTable('order_refunds').set({ status: 'succeeded', failure_reason: null, ...values }).where('id', '=', id).where('status', '!=', 'succeeded').executeTakeFirst());
}

export function findRefundByRequestNo(db: Kysely<Database>, outRequestNo: string) {
  return db.selectFrom('order_refunds').selectAll().where('out_request_no', '=', outRequestNo).executeTakeFirst();
}

export async function markRefundFailed(db: Kysely<Database>, id: number, reason: string, at: string): Promise<void> {
  await db.updateTable('order_refunds').set({ status: 'failed', failure_reason: reason, updated_at: at }).where('id', '=', id).where('status', '=', 'requested').execute();
}

export function refundsOfOrders(db: Kysely<Database>, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_refunds').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute();
}

export function refundsOf(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export type RefundRow = Awaited<ReturnType<typeof refundsOf>>[number];

// Membership products granted by order lines (read inside the payment's transaction)

export function membershipTermsOf(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('membership_products').select(['id', 'membership_id', 'period_unit', 'period_count', 'name']).where('id', 'in', ids).execute();
}

// Stored answers of order writes

export function findKey(db: Kysely<Database>, userId: number, key: string) {
  return db.selectFrom('order_idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

/** Claims the key; false when another request holds it (PostgreSQL waits for that one to end). */
export async function claimKey(db: Kysely<Database>, userId: number, key: string, requestHash: string, at: string): Promise<boolean> {
  const rows = await db
    .insertInto('order_idempotency_keys')
    .values({ user_id: userId, key, request_hash: requestHash, status: null, body: null, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .execute();
  return rows.length === 1;
}

export async function storeAnswer(db: Kysely<Database>, userId: number, key: string, status: number, body: string | null): Promise<void> {
  await db.updateTable('order_idempotency_keys').set({ status, body }).where('user_id', '=', userId).where('key', '=', key).execute();
}

export async function forgetKeysBefore(db: Kysely<Database>, userId: number, before: string): Promise<void> {
  await db.deleteFrom('order_idempotency_keys').where('user_id', '=', userId).where('created_at', '<', before).execute();
}
