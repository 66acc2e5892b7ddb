import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';
import type { LecternMigration } from './index.js';

/** ISO 3166-1 countries the shop ships to out of the box; staff may add more rows later. */
const COUNTRIES: [a2: string, a3: string, numeric: string, name: string][] = [
  ['CN', 'CHN', '156', 'China'],
  ['HK', 'HKG', '344', 'Hong Kong'],
  ['MO', 'MAC', '446', 'Macao'],
  ['TW', 'TWN', '158', 'Taiwan'],
  ['JP', 'JPN', '392', 'Japan'],
  ['KR', 'KOR', '410', 'Korea, Republic of'],
  ['SG', 'SGP', '702', 'Singapore'],
  ['US', 'USA', '840', 'United States'],
  ['CA', 'CAN', '124', 'Canada'],
  ['GB', 'GBR', '826', 'United Kingdom'],
  ['DE', 'DEU', '276', 'Germany'],
  ['FR', 'FRA', '250', 'France'],
  ['NL', 'NLD', '528', 'Netherlands'],
  ['ES', 'ESP', '724', 'Spain'],
  ['IT', 'ITA', '380', 'Italy'],
  ['AU', 'AUS', '036', 'Australia'],
  ['NZ', 'NZL', '554', 'New Zealand'],
];

/**
 * The shop: catalogue (categories, products of a class, stock records, options, ranges), vouchers,
 * shipping methods, countries, user addresses, baskets with their lines and line attributes, and the
 * stored answers of basket changes (replayed for a repeated operation id). Money is integer minor units.
 * Columns the checkout will need are here already: `num_allocated` (stock reserved by unpaid orders, raised
 * by a conditional update), `num_used` and `shop_voucher_usages` (a voucher use claimed by a conditional
 * update, counted per user).
 */
export const shopMigration: LecternMigration = {
  name: '0013-shop',
  async up(db: Kysely<unknown>, engine) {
    await withTimestamps(
      withId(db.schema.createTable('shop_categories'), engine)
        .addColumn('parent_id', 'integer', (c) => c.references('shop_categories.id').onDelete('restrict'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('shop_categories_parent').on('shop_categories').column('parent_id').execute();

    await withId(db.schema.createTable('shop_options'), engine)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_products'), engine)
        .addColumn('product_class', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('upc', 'text', (c) => c.unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text')
        .addColumn('category_id', 'integer', (c) => c.references('shop_categories.id').onDelete('set null'))
        // Deleting the membership product leaves the shop product without a price: unavailable, never a dangling sale.
        .addColumn('membership_product_id', 'integer', (c) => c.references('membership_products.id').onDelete('set null'))
        .addColumn('price', 'integer')
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_banner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('shop_products_category').on('shop_products').columns(['category_id', 'is_public']).execute();
    await db.schema.createIndex('shop_products_class').on('shop_products').columns(['product_class', 'is_public', 'is_banner']).execute();
    await db.schema.createIndex('shop_products_membership').on('shop_products').column('membership_product_id').execute();

    await db.schema
      .createTable('shop_product_options')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('shop_products.id').onDelete('cascade'))
      .addColumn('option_id', 'integer', (c) => c.notNull().references('shop_options.id').onDelete('restrict'))
      .addPrimaryKeyConstraint('shop_product_options_pk', ['product_id', 'option_id'])
      .execute();
    await db.schema.createIndex('shop_product_options_option').on('shop_product_options').column('option_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_stock_records'), engine)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('shop_products.id').onDelete('cascade'))
        .addColumn('partner_sku', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('num_in_stock', 'integer', (c) => c.notNull())
        .addColumn('num_allocated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('low_stock_threshold', 'integer')
        .addUniqueConstraint('shop_stock_records_sku', ['product_id', 'partner_sku']),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_ranges'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('includes_all_products', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema
      .createTable('shop_range_products')
      .addColumn('range_id', 'integer', (c) => c.notNull().references('shop_ranges.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('shop_products.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('shop_range_products_pk', ['range_id', 'product_id'])
      .execute();
    await db.schema.createIndex('shop_range_products_product').on('shop_range_products').column('product_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_vouchers'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('discount_type', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('range_id', 'integer', (c) => c.references('shop_ranges.id').onDelete('restrict'))
        .addColumn('min_spend', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('usage_limit', 'integer')
        .addColumn('per_user_limit', 'integer')
        .addColumn('num_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();
    await db.schema.createIndex('shop_vouchers_range').on('shop_vouchers').column('range_id').execute();

    await withId(db.schema.createTable('shop_voucher_usages'), engine)
      .addColumn('voucher_id', 'integer', (c) => c.notNull().references('shop_vouchers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shop_voucher_usages_user').on('shop_voucher_usages').columns(['voucher_id', 'user_id']).execute();

    await db.schema
      .createTable('shop_countries')
      .addColumn('iso_3166_1_a2', 'text', (c) => c.primaryKey())
      .addColumn('iso_3166_1_a3', 'text', (c) => c.notNull())
      .addColumn('iso_3166_1_numeric', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_shipping_country', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`insert into shop_countries (iso_3166_1_a2, iso_3166_1_a3, iso_3166_1_numeric, name, display_order, is_shipping_country) values ${sql.join(
      COUNTRIES.map(([a2, a3, numeric, name], i) => sql`(${a2}, ${a3}, ${numeric}, ${name}, ${i}, 1)`),
    )}`.execute(db);

    await withTimestamps(
      withId(db.schema.createTable('shop_shipping_methods'), engine)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('charge', 'integer', (c) => c.notNull())
        .addColumn('free_over', 'integer')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema
      .createTable('shop_shipping_method_countries')
      .addColumn('method_id', 'integer', (c) => c.notNull().references('shop_shipping_methods.id').onDelete('cascade'))
      .addColumn('country', 'text', (c) => c.notNull().references('shop_countries.iso_3166_1_a2').onDelete('cascade'))
      .addColumn('charge', 'integer')
      .addPrimaryKeyConstraint('shop_shipping_method_countries_pk', ['method_id', 'country'])
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_user_addresses'), engine)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('line1', 'text', (c) => c.notNull())
        .addColumn('line2', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line3', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line4', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull().references('shop_countries.iso_3166_1_a2').onDelete('restrict'))
        .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default_for_shipping', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_default_for_billing', 'integer', (c) => c.notNull().defaultTo(0)),
    ).execute();
    await db.schema.createIndex('shop_user_addresses_user').on('shop_user_addresses').column('user_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_baskets'), engine)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('voucher_id', 'integer', (c) => c.references('shop_vouchers.id').onDelete('set null'))
        .addColumn('shipping_method_id', 'integer', (c) => c.references('shop_shipping_methods.id').onDelete('set null'))
        .addColumn('shipping_country', 'text', (c) => c.references('shop_countries.iso_3166_1_a2').onDelete('set null')),
    ).execute();
    // One open basket per owner, so "the caller's basket" is a single row whoever creates it first.
    await db.schema.createIndex('shop_baskets_open_owner').on('shop_baskets').column('owner_id').unique().where(sql.ref('status'), '=', 'open').execute();
    await db.schema.createIndex('shop_baskets_owner').on('shop_baskets').columns(['owner_id', 'id']).execute();
    await db.schema.createIndex('shop_baskets_voucher').on('shop_baskets').column('voucher_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('shop_basket_lines'), engine)
        .addColumn('basket_id', 'integer', (c) => c.notNull().references('shop_baskets.id').onDelete('cascade'))
        .addColumn('line_reference', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('shop_products.id').onDelete('restrict'))
        .addColumn('stockrecord_id', 'integer', (c) => c.references('shop_stock_records.id').onDelete('set null'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price_at_add', 'integer', (c) => c.notNull())
        .addUniqueConstraint('shop_basket_lines_reference', ['basket_id', 'line_reference']),
    ).execute();
    await db.schema.createIndex('shop_basket_lines_product').on('shop_basket_lines').column('product_id').execute();
    await db.schema.createIndex('shop_basket_lines_stockrecord').on('shop_basket_lines').column('stockrecord_id').execute();

    await withId(db.schema.createTable('shop_line_attributes'), engine)
      .addColumn('line_id', 'integer', (c) => c.notNull().references('shop_basket_lines.id').onDelete('cascade'))
      .addColumn('option_id', 'integer', (c) => c.notNull().references('shop_options.id').onDelete('restrict'))
      .addColumn('value', 'text', (c) => c.notNull())
      .addUniqueConstraint('shop_line_attributes_line_option', ['line_id', 'option_id'])
      .execute();
    await db.schema.createIndex('shop_line_attributes_option').on('shop_line_attributes').column('option_id').execute();

    await db.schema
      .createTable('shop_basket_ops')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('op_id', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('shop_basket_ops_pk', ['user_id', 'op_id'])
      .execute();
    await db.schema.createIndex('shop_basket_ops_age').on('shop_basket_ops').columns(['user_id', 'created_at']).execute();
  },
};
