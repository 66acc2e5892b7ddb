import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { orderNumberOf } from './repo.js';

const DAY_MS = 24 * 3600 * 1000;

const DEMO_LINES = [
  { slug: 'typography-for-the-screen', quantity: 1 },
  { slug: 'reading-habits-workbook-pdf', quantity: 1 },
];

/**
 * One paid order of the demo member, placed and paid yesterday with the development provider: a printed
 * book (its unit sold from stock) and a download, shipped by standard delivery. Runs in the seed's
 * transaction after the demo shop; without the shop's demo products it adds nothing.
 */
export async function seedOrdersDemo(db: Kysely<Database>, memberId: number | undefined, now: string): Promise<void> {
  if (memberId === undefined) return;
  const products = await db
    .selectFrom('shop_products as p')
    .leftJoin('shop_stock_records as s', 's.product_id', 'p.id')
    .select(['p.id', 'p.slug', 'p.title', 'p.product_class', 'p.price', 's.id as record_id', 's.partner_sku', 's.price as record_price'])
    .where(
      'p.slug',
      'in',
      DEMO_LINES.map((l) => l.slug),
    )
    .execute();
  const method = await db.selectFrom('shop_shipping_methods').selectAll().where('code', '=', 'standard').executeTakeFirst();
  if (products.length !== DEMO_LINES.length || !method) return;
  const lines = DEMO_LINES.map((l) => {
    const p = products.find((x) => x.slug === l.slug)!;
    return { ...p, quantity: l.quantity, unit: p.record_price ?? p.price ?? 0 };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.unit * l.quantity, 0);
  const shipping = method.free_over !== null && subtotal >= method.free_over ? 0 : method.charge;
  const placed = new Date(Date.parse(now) - DAY_MS).toISOString();
  const paid = new Date(Date.parse(placed) + 2 * 60 * 1000).toISOString();
  const { id } = await db
    .insertInto('orders')
    .values({
      number: `demo:${memberId}`,
      user_id: memberId,
      basket_id: null,
      status: 'paid',
      currency: 'CNY',
      subtotal,
      discount: 0,
      shipping_charge: shipping,
      total: subtotal + shipping,
      voucher_id: null,
      voucher_code: null,
      voucher_claimed: 0,
      shipping_method_code: method.code,
      shipping_method_name: method.name,
      shipping_address: JSON.stringify({
        title: '',
        first_name: 'Mei',
        last_name: 'Lin',
        line1: '88 Century Avenue',
        line2: 'Floor 12',
        line3: '',
        line4: 'Shanghai',
        state: 'Shanghai',
        postcode: '200120',
        country: 'CN',
        phone_number: '+86 21 5555 0188',
        notes: '',
      }),
      payment_method: 'dev',
      language: 'en',
      reserved_until: null,
      expires_at: new Date(Date.parse(placed) + 30 * 60 * 1000).toISOString(),
      paid_at: paid,
      fulfilled_at: null,
      closed_at: null,
      confirmation_sent_at: paid,
      created_at: placed,
      updated_at: paid,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('orders')
    .set({ number: orderNumberOf(id) })
    .where('id', '=', id)
    .execute();
  for (const l of lines) {
    const line = await db
      .insertInto('order_lines')
      .values({
        order_id: id,
        product_id: l.id,
        product_class: l.product_class,
        membership_product_id: null,
        course_id: null,
        course_product_id: null,
        stockrecord_id: l.record_id,
        partner_sku: l.partner_sku,
        title: l.title,
        quantity: l.quantity,
        unit_price: l.unit,
        discount: 0,
        line_total: l.unit * l.quantity,
        created_at: placed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (l.record_id === null) continue;
    await db.insertInto('order_stock_reservations').values({ order_id: id, line_id: line.id, stockrecord_id: l.record_id, quantity: l.quantity, state: 'sold', expires_at: paid, created_at: placed, updated_at: paid }).execute();
    await db
      .updateTable('shop_stock_records')
      .set({ num_in_stock: sql`num_in_stock - ${l.quantity}` })
      .where('id', '=', l.record_id)
      .execute();
  }
  await db.insertInto('order_payments').values({ order_id: id, provider: 'dev', provider_trade_no: `DEMO-${orderNumberOf(id)}`, amount: subtotal + shipping, currency: 'CNY', outcome: 'paid', created_at: paid }).execute();
}
