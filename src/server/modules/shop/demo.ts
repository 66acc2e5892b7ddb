import type { Kysely } from 'kysely';
import type { ProductClass } from '../../db/shop-types.js';
import type { Database } from '../../db/types.js';
import type { DemoDocument } from './demo-files.js';
import { MEMBERSHIP_PICTURE, type DemoPicture } from './demo-pictures.js';

/** Demo shop, prices in the minor unit of the site's currency (CNY by default: 6800 = ¥68.00). */

/** Each category's name in English (the default) and in Chinese (`zh`, its `translations`). */
const CATEGORIES = [
  { key: 'books', name: 'Books', zh: '图书', slug: 'books', parent: null },
  { key: 'programming', name: 'Programming', zh: '编程', slug: 'programming-books', parent: 'books' },
  { key: 'design', name: 'Design', zh: '设计', slug: 'design-books', parent: 'books' },
  { key: 'goods', name: 'Reading goods', zh: '阅读周边', slug: 'reading-goods', parent: null },
  { key: 'downloads', name: 'Downloads', zh: '下载', slug: 'downloads', parent: null },
  { key: 'memberships', name: 'Memberships', zh: '会员', slug: 'memberships', parent: null },
] as const;
type CategoryKey = (typeof CATEGORIES)[number]['key'];

interface DemoProduct {
  title: string;
  slug: string;
  product_class: Exclude<ProductClass, 'course' | 'membership'>;
  category: CategoryKey;
  description: string;
  image: string | null;
  /** Physical: the stock record; digital: the price. */
  stock?: { sku: string; price: number; num_in_stock: number; low_stock_threshold: number | null };
  price?: number;
  giftMessage?: boolean;
}

const BOOK = 'programming' as const;
const PRODUCTS: DemoProduct[] = [
  { title: 'SQL Indexes Explained', slug: 'sql-indexes-explained', product_class: 'physical', category: BOOK, description: 'B-trees, covering indexes and query plans, told with library card catalogues.', image: '/media/demo/figure-btree-index.webp', stock: { sku: 'BK-SQL-01', price: 5900, num_in_stock: 12, low_stock_threshold: 3 }, giftMessage: true },
  { title: 'Offline-First Web Apps', slug: 'offline-first-web-apps', product_class: 'physical', category: BOOK, description: 'Service workers, outboxes and conflict-free sync for apps that keep working on the train.', image: null, stock: { sku: 'BK-OFF-01', price: 8800, num_in_stock: 2, low_stock_threshold: 3 }, giftMessage: true },
  { title: 'A Field Guide to Caching', slug: 'field-guide-to-caching', product_class: 'physical', category: BOOK, description: 'What to keep, for how long, and how to forget it on time.', image: null, stock: { sku: 'BK-CACHE-01', price: 6200, num_in_stock: 1, low_stock_threshold: 3 }, giftMessage: true },
  { title: 'The Pragmatic Reader', slug: 'the-pragmatic-reader', product_class: 'physical', category: 'books', description: 'Essays on reading technical writing slowly and well.', image: null, stock: { sku: 'BK-READ-01', price: 6800, num_in_stock: 8, low_stock_threshold: 2 }, giftMessage: true },
  { title: 'Writing Clearly about Code', slug: 'writing-clearly-about-code', product_class: 'physical', category: BOOK, description: 'Short sentences, concrete nouns and examples that run.', image: null, stock: { sku: 'BK-WRITE-01', price: 3900, num_in_stock: 0, low_stock_threshold: 2 } },
  { title: 'Designing Calm Interfaces', slug: 'designing-calm-interfaces', product_class: 'physical', category: 'design', description: 'Fewer notifications, clearer states and interfaces that wait for you.', image: null, stock: { sku: 'BK-CALM-01', price: 7900, num_in_stock: 3, low_stock_threshold: 3 }, giftMessage: true },
  { title: 'Typography for the Screen', slug: 'typography-for-the-screen', product_class: 'physical', category: 'design', description: 'System fonts, CJK fallbacks and line lengths that read.', image: null, stock: { sku: 'BK-TYPE-01', price: 4500, num_in_stock: 20, low_stock_threshold: 5 }, giftMessage: true },
  { title: 'Lectern Tote Bag', slug: 'lectern-tote-bag', product_class: 'physical', category: 'goods', description: 'Heavy cotton, holds a laptop and three paperbacks.', image: null, stock: { sku: 'GD-TOTE-01', price: 9900, num_in_stock: 40, low_stock_threshold: 5 } },
  { title: 'Dotted Notebook, A5', slug: 'dotted-notebook-a5', product_class: 'physical', category: 'goods', description: '120 pages of dotted paper that takes fountain pens.', image: null, stock: { sku: 'GD-NOTE-01', price: 2500, num_in_stock: 50, low_stock_threshold: 10 } },
  { title: 'Offline-First Web Apps (EPUB)', slug: 'offline-first-web-apps-epub', product_class: 'digital', category: 'downloads', description: 'The e-book edition, without DRM.', image: null, price: 4900 },
  { title: 'Reading Habits Workbook (PDF)', slug: 'reading-habits-workbook-pdf', product_class: 'digital', category: 'downloads', description: 'Twelve weeks of exercises for reading more deliberately.', image: null, price: 1900 },
];

/**
 * Adds the demo shop inside the seed's transaction: categories, books with stock (a few low, one sold out),
 * goods, downloads (with the `documents` they deliver, when the seed made them; without, they are not for sale),
 * the given membership products as shop products, a gift-message option, a range of books, two vouchers and
 * three shipping methods. Countries come with the migration. Categories, the option and the shipping methods
 * have Chinese names (`translations`); product titles stay as written (decision 86, docs/decisions). A product
 * without a picture of its own shows the one made for it (`demo-pictures.ts`), when the seed made them; each made
 * picture is in the picture library too, where staff find it.
 */
export async function seedShopDemo(
  db: Kysely<Database>,
  membershipProducts: { id: number; name: string }[],
  now: string,
  documents: DemoDocument[] = [],
  pictures: ReadonlyMap<string, DemoPicture> = new Map(),
): Promise<void> {
  const stamps = { created_at: now, updated_at: now };
  if (pictures.size > 0) {
    await db
      .insertInto('images')
      .values([...pictures.values()].map((p) => ({ ...p, uploaded_by: null, created_at: now })))
      .execute();
  }
  // The downloads' files, already stored (see demo-files.ts): their library records, by the product that delivers them.
  const documentIds = new Map<string, number>();
  for (const { product, ...document } of documents) {
    const { id } = await db.insertInto('documents').values({ ...document, uploaded_by: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    documentIds.set(product, id);
  }
  const categoryIds = new Map<CategoryKey, number>();
  for (const [i, c] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('shop_categories')
      .values({
        name: c.name,
        slug: c.slug,
        description: '',
        translations: JSON.stringify({ 'zh-CN': { name: c.zh } }),
        parent_id: c.parent === null ? null : categoryIds.get(c.parent)!,
        sort_order: i,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(c.key, row.id);
  }
  const gift = await db
    .insertInto('shop_options')
    .values({ name: 'Gift message', code: 'gift-message', type: 'text', required: 0, translations: JSON.stringify({ 'zh-CN': { name: '礼品留言' } }), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  const bookIds: number[] = [];
  for (const [i, p] of PRODUCTS.entries()) {
    const { id } = await db
      .insertInto('shop_products')
      .values({
        product_class: p.product_class,
        title: p.title,
        slug: p.slug,
        upc: null,
        description: p.description,
        image: p.image ?? pictures.get(p.slug)?.url ?? null,
        category_id: categoryIds.get(p.category)!,
        membership_product_id: null,
        price: p.price ?? null,
        document_id: documentIds.get(p.slug) ?? null,
        is_public: 1,
        is_banner: 0,
        sort_order: i,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.stock) {
      const { sku, ...stock } = p.stock;
      await db.insertInto('shop_stock_records').values({ product_id: id, partner_sku: sku, ...stock, num_allocated: 0, ...stamps }).execute();
    }
    if (p.giftMessage) await db.insertInto('shop_product_options').values({ product_id: id, option_id: gift.id }).execute();
    if (p.category === 'books' || p.category === 'programming' || p.category === 'design') bookIds.push(id);
  }
  for (const [i, m] of membershipProducts.entries()) {
    await db
      .insertInto('shop_products')
      .values({
        product_class: 'membership',
        title: m.name,
        slug: `membership-${m.id}`,
        upc: null,
        description: 'A membership period, active as soon as the order is paid.',
        image: pictures.get(MEMBERSHIP_PICTURE)?.url ?? null,
        category_id: categoryIds.get('memberships')!,
        membership_product_id: m.id,
        price: null,
        is_public: 1,
        is_banner: 0,
        sort_order: PRODUCTS.length + i,
        ...stamps,
      })
      .execute();
  }

  const books = await db.insertInto('shop_ranges').values({ name: 'Printed books', slug: 'printed-books', description: 'Every printed book in the shop.', includes_all_products: 0, ...stamps }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('shop_range_products').values(bookIds.map((product_id) => ({ range_id: books.id, product_id }))).execute();

  const in90Days = new Date(Date.parse(now) + 90 * 24 * 3600 * 1000).toISOString();
  await db
    .insertInto('shop_vouchers')
    .values([
      { name: 'Welcome, 10% off', code: 'WELCOME10', discount_type: 'percentage', value: 10, range_id: null, min_spend: 5000, usage_limit: null, per_user_limit: 1, num_used: 0, starts_at: now, ends_at: null, is_active: 1, ...stamps },
      { name: 'Printed books: 20.00 off from 100.00', code: 'BOOKS20', discount_type: 'fixed', value: 2000, range_id: books.id, min_spend: 10000, usage_limit: 100, per_user_limit: null, num_used: 0, starts_at: now, ends_at: in90Days, is_active: 1, ...stamps },
    ])
    .execute();

  const methods = [
    {
      code: 'standard',
      name: 'Standard delivery',
      description: 'Three to five days within mainland China; free from 99.00.',
      zh: { name: '标准配送', description: '中国大陆境内三到五天送达；满 99.00 包邮。' },
      charge: 800,
      free_over: 9900,
      sort_order: 0,
      countries: [{ country: 'CN', charge: null }],
    },
    {
      code: 'express',
      name: 'Express courier',
      description: 'Next working day in most cities.',
      zh: { name: '快递', description: '大多数城市下一个工作日送达。' },
      charge: 2000,
      free_over: null,
      sort_order: 1,
      countries: [],
    },
    {
      code: 'international',
      name: 'International post',
      description: 'One to three weeks, tracked.',
      zh: { name: '国际邮寄', description: '一到三周送达，可查询物流。' },
      charge: 6000,
      free_over: null,
      sort_order: 2,
      countries: [
        { country: 'JP', charge: 3500 },
        { country: 'US', charge: null },
        { country: 'GB', charge: null },
        { country: 'DE', charge: 5500 },
        { country: 'FR', charge: 5500 },
      ],
    },
  ];
  for (const { countries, zh, ...m } of methods) {
    const { id } = await db
      .insertInto('shop_shipping_methods')
      .values({ ...m, translations: JSON.stringify({ 'zh-CN': zh }), is_active: 1, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (countries.length) await db.insertInto('shop_shipping_method_countries').values(countries.map((c) => ({ method_id: id, ...c }))).execute();
  }
}
