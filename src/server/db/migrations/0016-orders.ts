import type { Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/**
 * Orders: what a checkout froze (lines at their prices, the shipping address as written, the voucher and
 * shipping method), the stock each line holds until it is paid or released, the payments received (one row
 * per provider trade number, so a repeated notification cannot count twice), refunds, and the stored
 * answers of order writes replayed for a repeated `Idempotency-Key`. Money is integer minor units.
 */
export const ordersMigration: LecternMigration = {
  name: '0016-orders',
  async up(db: Kysely<unknown>, engine) {
    await withTimestamps(
      withId(db.schema.createTable('orders'), engine)
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('basket_id', 'integer', (c) => c.references('shop_baskets.id').onDelete('set null'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('shipping_charge', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('voucher_id', 'integer', (c) => c.references('shop_vouchers.id').onDelete('set null'))
        .addColumn('voucher_code', 'text')
        // Set while the order holds a use of the voucher; cleared when the use is given back.
        .addColumn('voucher_claimed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('shipping_method_code', 'text')
        .addColumn('shipping_method_name', 'text')
        .addColumn('shipping_address', 'text')
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('reserved_until', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('fulfilled_at', 'text')
        .addColumn('closed_at', 'text')
        .addColumn('confirmation_sent_at', 'text'),
    ).execute();
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'status', 'id']).execute();
    await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
    await db.schema.createIndex('orders_pending_expiry').on('orders').columns(['status', 'expires_at']).execute();
    // The order job's search for paid orders whose confirmation has not gone out.
    await db.schema.createIndex('orders_unconfirmed').on('orders').columns(['status', 'confirmation_sent_at', 'id']).execute();
    await db.schema.createIndex('orders_placed').on('orders').column('created_at').execute();
    await db.schema.createIndex('orders_voucher').on('orders').column('voucher_id').execute();
    await db.schema.createIndex('orders_basket').on('orders').column('basket_id').execute();

    await withId(db.schema.createTable('order_lines'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('shop_products.id').onDelete('set null'))
      .addColumn('product_class', 'text', (c) => c.notNull())
      .addColumn('membership_product_id', 'integer', (c) => c.references('membership_products.id').onDelete('set null'))
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('course_product_id', 'integer', (c) => c.references('course_products.id').onDelete('set null'))
      .addColumn('stockrecord_id', 'integer', (c) => c.references('shop_stock_records.id').onDelete('set null'))
      .addColumn('partner_sku', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('line_total', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('order_lines_product').on('order_lines').column('product_id').execute();
    await db.schema.createIndex('order_lines_stockrecord').on('order_lines').column('stockrecord_id').execute();
    await db.schema.createIndex('order_lines_membership_product').on('order_lines').column('membership_product_id').execute();
    await db.schema.createIndex('order_lines_course').on('order_lines').column('course_id').execute();
    await db.schema.createIndex('order_lines_course_product').on('order_lines').column('course_product_id').execute();

    await withId(db.schema.createTable('order_line_attributes'), engine)
      .addColumn('line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
      .addColumn('option_id', 'integer', (c) => c.references('shop_options.id').onDelete('set null'))
      .addColumn('option_code', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_line_attributes_line').on('order_line_attributes').columns(['line_id', 'id']).execute();
    await db.schema.createIndex('order_line_attributes_option').on('order_line_attributes').column('option_id').execute();

    await withId(db.schema.createTable('order_stock_reservations'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('line_id', 'integer', (c) => c.notNull().unique().references('order_lines.id').onDelete('cascade'))
      .addColumn('stockrecord_id', 'integer', (c) => c.notNull().references('shop_stock_records.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // held: counted in num_allocated; released: given back; sold: taken out of num_in_stock by the payment.
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_stock_reservations_order').on('order_stock_reservations').column('order_id').execute();
    await db.schema.createIndex('order_stock_reservations_record').on('order_stock_reservations').column('stockrecord_id').execute();
    await db.schema.createIndex('order_stock_reservations_due').on('order_stock_reservations').columns(['state', 'expires_at']).execute();

    await withId(db.schema.createTable('order_payments'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_trade_no', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      // paid: settled the order; refund_due: arrived for an order that can no longer be paid.
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('order_payments_trade', ['provider', 'provider_trade_no'])
      .execute();
    await db.schema.createIndex('order_payments_order').on('order_payments').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('order_payments_outcome').on('order_payments').columns(['outcome', 'id']).execute();

    await withId(db.schema.createTable('order_refunds'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('payment_id', 'integer', (c) => c.references('order_payments.id').onDelete('set null'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_refunds_order').on('order_refunds').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('order_refunds_payment').on('order_refunds').column('payment_id').execute();
    await db.schema.createIndex('order_refunds_creator').on('order_refunds').column('created_by').execute();

    await db.schema
      .createTable('order_idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('order_idempotency_keys_age').on('order_idempotency_keys').columns(['user_id', 'created_at']).execute();
  },
};
