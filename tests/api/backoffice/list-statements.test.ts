import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { pdfBytes } from '../admin/factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/factories.js';
import { statementsOf } from '../helpers/statements.js';
import { countUsers } from '../../../src/server/modules/users/back-office-repo.js';
import { newKey, ok, shopper, type Person } from '../orders/factories.js';
import { crew, type Crew } from './helpers.js';

/**
 * The staff's users and orders lists read a page in a fixed number of statements: one per kind of row
 * (orders, their lines, the lines' options, payments, refunds, and for paid digital goods their documents),
 * never one per order or per account. Each list is read with a few rows on its page and again with many:
 * the statements must be the same.
 */
let t: TestApp;
let people: Crew;
let buyer: Person;
let productId: number;

interface OrderOut {
  id: number;
  number: string;
  total_incl_tax: number;
  lines: { download_url: string | null }[];
  payments?: unknown[];
  refunds?: unknown[];
}

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  people = await crew(t);
  buyer = await shopper(t);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v2/documents?title=Workbook&file_name=workbook.pdf',
    headers: { authorization: `Bearer ${people.staff.token}`, 'content-type': 'application/pdf' },
    payload: pdfBytes('Workbook'),
  });
  const documentId = ok<{ id: number }>(upload, 201).id;
  productId = ok<{ id: number }>(
    await t.api('POST', '/shop/products', { token: people.staff.token, body: { product_class: 'digital', title: 'Workbook (PDF)', slug: `workbook-${Date.now()}`, price: 1900, document: documentId } }),
    201,
  ).id;
});

/** A paid order of the workbook (a line with a download and a payment), every second one refunded. */
async function paidOrder(n: number): Promise<void> {
  const order = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, headers: { 'idempotency-key': newKey() }, body: { product: productId, payment_method: 'dev' } }), 201);
  await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `dev-${order.number}`, orderNumber: order.number, amount: order.total_incl_tax });
  if (n % 2 === 1) ok(await t.api('POST', `/orders/${order.id}/refund`, { token: people.staff.token, headers: { 'idempotency-key': newKey() }, body: { reason: 'Asked for' } }));
}

/** A statement's text with its placeholders as `?` and each `in (...)` list as one: the same for any page size. */
const shapeOf = (text: string) => text.replace(/\$\d+/g, '?').replace(/\(\?(, \?)*\)/g, '(?...)');

async function listed<T>(path: string, query: Record<string, string>): Promise<{ statements: string[]; results: T[] }> {
  let results: T[] = [];
  const statements = await statementsOf(t, async () => {
    results = ok<{ results: T[] }>(await t.api('GET', path, { token: people.staff.token, query })).results;
  });
  return { statements, results };
}

describe('the staff orders list', () => {
  it('reads 2 orders and 8 orders with the same statements: none per order', async () => {
    for (let n = 0; n < 2; n++) await paidOrder(n);
    const query = { user: String(buyer.user.id), page_size: '20' };
    const few = await listed<OrderOut>('/orders', query);
    for (let n = 2; n < 8; n++) await paidOrder(n);
    const many = await listed<OrderOut>('/orders', query);

    expect(few.results).toHaveLength(2);
    expect(many.results).toHaveLength(8);
    // What makes the page: every order with its line's download, its payment, and half of them a refund.
    expect(many.results.every((o) => o.lines.length === 1 && o.payments?.length === 1)).toBe(true);
    expect(many.results.filter((o) => o.refunds?.length === 1)).toHaveLength(4);
    expect(many.results.filter((o) => o.lines[0].download_url !== null)).toHaveLength(4);
    expect(many.statements.map(shapeOf)).toEqual(few.statements.map(shapeOf));
    // The caller, the count, the page, its lines, their options, payments, refunds, the documents and their files.
    expect(many.statements.length).toBeLessThanOrEqual(9);
    expect(many.statements.filter((s) => /from "order_lines"/.test(s))).toHaveLength(1);
    expect(many.statements.filter((s) => /from "order_payments"/.test(s))).toHaveLength(1);
    expect(many.statements.filter((s) => /from "order_refunds"/.test(s))).toHaveLength(1);

    // The back office's list of the same orders: the caller, the count and the page, whatever the page holds.
    const fewRows = await listed<{ id: number }>(backofficePaths.orders, { user: String(buyer.user.id), page_size: '2' });
    const manyRows = await listed<{ id: number; payments_to_return: number }>(backofficePaths.orders, query);
    expect(fewRows.results).toHaveLength(2);
    expect(manyRows.results).toHaveLength(8);
    expect(manyRows.statements.map(shapeOf)).toEqual(fewRows.statements.map(shapeOf));
    expect(manyRows.statements).toHaveLength(3);
  });
});

describe('the staff users list', () => {
  it('reads a page of 2 accounts and of 20 with the same statements, searched or not', async () => {
    const stamp = Date.now().toString(36);
    for (let n = 0; n < 2; n++) await createUser(t, { username: `stmt${stamp}${n}`, email: `stmt${stamp}${n}@example.com` });
    const few = await listed<{ id: number }>(backofficePaths.users, { q: `stmt${stamp}` });
    const firstPage = await listed<{ id: number }>(backofficePaths.users, { page_size: '2' });
    for (let n = 2; n < 20; n++) await createUser(t, { username: `stmt${stamp}${n}`, email: `stmt${stamp}${n}@example.com` });
    const many = await listed<{ id: number }>(backofficePaths.users, { q: `stmt${stamp}` });
    const widePage = await listed<{ id: number }>(backofficePaths.users, { page_size: '20' });

    expect(few.results).toHaveLength(2);
    expect(many.results).toHaveLength(20);
    expect(widePage.results).toHaveLength(20);
    expect(many.statements.map(shapeOf)).toEqual(few.statements.map(shapeOf));
    expect(widePage.statements.map(shapeOf)).toEqual(firstPage.statements.map(shapeOf));
    // The caller, the count and the page.
    expect(many.statements).toHaveLength(3);
  });
});

/** The plan of the first statement `run` sends that `pick` chooses, for its own values. */
async function planOf(run: () => Promise<unknown>, pick: (text: string) => boolean): Promise<string> {
  const executor = t.db.kysely.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  let ran: CompiledQuery | undefined;
  executor.executeQuery = ((query: CompiledQuery) => {
    if (!ran && pick(query.sql)) ran = query;
    return execute(query);
  }) as typeof executor.executeQuery;
  try {
    await run();
  } finally {
    executor.executeQuery = execute;
  }
  if (!ran) throw new Error('no such statement');
  if (t.db.engine === 'sqlite') {
    const plan = await t.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${ran.sql}`, [...ran.parameters]));
    return plan.rows.map((r) => r.detail).join('\n');
  }
  // A small table is cheaper to read whole: the planner is told not to, to show which indexes it could use.
  return t.db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${ran!.sql}`, [...ran!.parameters]));
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('the staff users search', () => {
  it('reads the start of a username, e-mail or display name on their indexes (migration 0041), not every account', async () => {
    const plan = await planOf(
      () => countUsers(t.db.kysely, { q: 'stmt', engine: t.db.engine }),
      (text) => text.includes('like'),
    );
    for (const index of ['users_username_prefix', 'users_email_prefix', 'users_display_name_prefix']) expect(plan).toContain(index);
    expect(plan).not.toMatch(/SCAN users$|SCAN users\n|Seq Scan/m);
  });
});

describe('the staff orders list by status and payment method', () => {
  it('counts on the index of both (migration 0041), not on every order of the status', async () => {
    const plan = await planOf(
      () => t.api('GET', '/orders', { token: people.staff.token, query: { status: 'paid', payment_method: 'alipay' } }),
      (text) => text.includes('count(') && text.includes('"payment_method"'),
    );
    expect(plan).toContain('orders_status_payment');
  });
});

describe('the staff article list searched by title', () => {
  const searched = (pick: (text: string) => boolean, search = 'the') =>
    planOf(() => t.api('GET', '/editorial/article', { token: people.staff.token, query: { search } }), (text) => text.includes('like') && pick(text));

  it('counts on the titles index (migration 0043) and pages on the list index (0042), never reading every article with its body', async () => {
    const count = await searched((text) => text.includes('count('));
    const page = await searched((text) => text.includes('limit'));
    if (t.db.engine === 'sqlite') {
      expect(count).toContain('articles_title');
      expect(page).toContain('articles_staff_list');
    }
    // PostgreSQL: an index (on a table this small the planner picks among them by cost; ILIKE can read the title's
    // trigram index of migration 0003).
    expect(count).not.toMatch(/SCAN articles$|SCAN articles\n|Seq Scan/m);
    expect(page).not.toMatch(/SCAN articles$|SCAN articles\n|Seq Scan on articles/m);
  });

  it('finds any part of a title whatever its ASCII case, and takes % and _ as text', async () => {
    const mark = `Qz${Date.now().toString(36)}`;
    for (const title of [`The ${mark} Stitch`, `${mark}_50% off`]) ok(await t.api('POST', '/editorial/article', { token: people.staff.token, body: { fields: { title, slug: '', summary: '', cover: '', body_markdown: 'Text.', category_id: null, tag_ids: [], topic_ids: [], access: 'free', free_read: false, language: 'en' } } }), 201);
    const titles = async (search: string) =>
      ok<{ count: number; results: { title: string }[] }>(await t.api('GET', '/editorial/article', { token: people.staff.token, query: { search } })).results.map((r) => r.title).sort();
    expect(await titles(`${mark.toUpperCase()} stitch`)).toEqual([`The ${mark} Stitch`]);
    expect(await titles(mark.toLowerCase())).toEqual([`${mark}_50% off`, `The ${mark} Stitch`].sort());
    expect(await titles(`${mark}_50%`)).toEqual([`${mark}_50% off`]);
    expect(await titles(`${mark}%`)).toEqual([]);
    // Unescaped, `_` would match the space after the mark in the other title.
    expect(await titles(`${mark}_`)).toEqual([`${mark}_50% off`]);
    // Quotes are text too; a renamed title is found by its new name only, a deleted article not at all.
    expect(await titles(`"${mark}`)).toEqual([]);
    const renamed = (await t.api('GET', '/editorial/article', { token: people.staff.token, query: { search: `The ${mark}` } })).json<{ results: { id: number }[] }>().results[0]!;
    ok(await t.api('PATCH', `/article/${renamed.id}`, { token: people.staff.token, body: { title: `Sewn ${mark} anew` } }));
    expect(await titles(`The ${mark}`)).toEqual([]);
    expect(await titles(`sewn ${mark.toLowerCase()}`)).toEqual([`Sewn ${mark} anew`]);
    expect((await t.api('DELETE', `/article/${renamed.id}`, { token: people.staff.token })).statusCode).toBe(204);
    expect(await titles(mark)).toEqual([`${mark}_50% off`]);
    expect(await titles('Qz')).toEqual(expect.arrayContaining([`${mark}_50% off`]));
  });
});
