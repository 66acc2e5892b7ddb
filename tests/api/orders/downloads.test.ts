import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { urlSigner } from '../../../src/server/platform/signed-urls.js';
import { pdfBytes } from '../admin/factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { createOtherProduct } from '../shop/factories.js';
import { newKey, ok, shopper, type OrderOut, type Person } from './factories.js';

type Line = OrderOut['lines'][number] & { product_class: string; download_name: string | null; download_bytes: number | null };
type Order = Omit<OrderOut, 'lines'> & { lines: Line[] };

let t: TestApp;
let staffToken: string;
let buyer: Person;
let stranger: Person;
/** The workbook as uploaded: the bytes a buyer must get back. */
const workbook = pdfBytes('Workbook, twelve weeks');
let documentId: number;
let productId: number;

async function uploadDocument(bytes: Buffer, query: string) {
  return ok<{ id: number; file_name: string }>(
    await t.app.inject({ method: 'POST', url: `/api/v2/documents${query}`, headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/pdf' }, payload: bytes }),
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  staffToken = await tokenFor(t, await createStaff(t));
  buyer = await shopper(t);
  stranger = await shopper(t);
  documentId = (await uploadDocument(workbook, `?title=Workbook&file_name=${encodeURIComponent('阅读习惯 workbook.pdf')}`)).id;
  productId = ok<{ id: number }>(
    await t.api('POST', '/shop/products', { token: staffToken, body: { product_class: 'digital', title: 'Workbook (PDF)', slug: `workbook-${Date.now()}`, price: 1900, document: documentId } }),
    201,
  ).id;
});

const buy = async (person: Person, product = productId) =>
  ok<Order>(await t.api('POST', '/quick_checkout', { token: person.token, headers: { 'idempotency-key': newKey() }, body: { product, payment_method: 'dev' } }), 201);
const pay = (o: Order) => markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `dev-${o.number}-${Date.now()}`, orderNumber: o.number, amount: o.total_incl_tax });
const view = async (person: Person, id: number) => ok<Order>(await t.api('GET', `/orders/${id}`, { token: person.token }));
/** The link as a browser follows it: no login. */
const follow = (url: string) => t.app.inject({ method: 'GET', url });

async function paidOrder(person: Person): Promise<Order> {
  const order = await buy(person);
  await pay(order);
  return view(person, order.id);
}

describe('a digital product names its document', () => {
  it('takes only a document that exists, and only on a digital product (400 naming `document`)', async () => {
    const base = { title: 'Guide', price: 900 };
    const unknown = await t.api('POST', '/shop/products', { token: staffToken, body: { ...base, product_class: 'digital', slug: `guide-${Date.now()}`, document: 987654 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('document');
    const physical = await t.api('POST', '/shop/products', { token: staffToken, body: { product_class: 'physical', title: 'Book', slug: `book-${Date.now()}`, document: documentId } });
    expect(physical.statusCode).toBe(400);
    expect(physical.json().fields).toHaveProperty('document');
    const patched = await t.api('PATCH', `/products/${productId}`, { token: staffToken, body: { document: 987654 } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toHaveProperty('document');
    expect(ok<{ document: number }>(await t.api('GET', `/products/${productId}`, { token: staffToken })).document).toBe(documentId);
  });

  it('is not sold without one: unavailable, and refused at the basket and at checkout', async () => {
    const bare = await createOtherProduct(t, 'digital', { document_id: null });
    const card = ok<{ availability: { is_available_to_buy: boolean } }>(await t.api('GET', `/products/${bare.id}`));
    expect(card.availability.is_available_to_buy).toBe(false);
    expect(ok<{ is_available_to_buy: boolean }>(await t.api('GET', `/products/${bare.id}/availability`)).is_available_to_buy).toBe(false);
    const basket = await t.api('POST', '/basket/add-product', { token: buyer.token, body: { product: bare.id } });
    expect(basket.statusCode).toBe(400);
    expect(basket.json().fields).toHaveProperty('product');
    const quick = await t.api('POST', '/quick_checkout', { token: buyer.token, headers: { 'idempotency-key': newKey() }, body: { product: bare.id, payment_method: 'dev' } });
    expect(quick.statusCode).toBe(400);
    // Given a document, it is for sale.
    ok(await t.api('PATCH', `/products/${bare.id}`, { token: staffToken, body: { document: documentId } }));
    expect(ok<{ is_available_to_buy: boolean }>(await t.api('GET', `/products/${bare.id}/availability`)).is_available_to_buy).toBe(true);
  });
});

describe("a buyer's download", () => {
  it('appears once the order is paid, in the order, the lists and the line', async () => {
    const order = await buy(buyer);
    expect(order.lines[0].download_url).toBeNull();
    expect((await view(buyer, order.id)).lines[0].download_url).toBeNull();
    await pay(order);
    const paid = await view(buyer, order.id);
    const line = paid.lines[0];
    expect(line.download_url).toMatch(new RegExp(`^/api/v2/orderlines/${line.id}/download\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(line).toMatchObject({ download_name: '阅读习惯 workbook.pdf', download_bytes: workbook.length });
    const mine = ok<{ results: Order[] }>(await t.api('GET', '/my_order', { token: buyer.token }));
    expect(mine.results.find((o) => o.id === order.id)!.lines[0].download_url).toBe(line.download_url);
    expect(ok<Line>(await t.api('GET', `/orderlines/${line.id}`, { token: buyer.token })).download_url).toBe(line.download_url);
    const lines = ok<{ results: Line[] }>(await t.api('GET', '/orderlines', { token: buyer.token, query: { order: String(order.id) } }));
    expect(lines.results[0].download_url).toBe(line.download_url);
    // Staff reading the order see the same link.
    expect((await view({ ...buyer, token: staffToken }, order.id)).lines[0].download_url).toBe(line.download_url);
  });

  it('sends the uploaded bytes as an attachment with the file name, private and not stored', async () => {
    const line = (await paidOrder(buyer)).lines[0];
    const res = await follow(line.download_url!);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(workbook);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(workbook.length);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="____ workbook.pdf"; filename*=UTF-8''${encodeURIComponent('阅读习惯 workbook.pdf')}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("is the buyer's alone: another user gets 404 for the order, and a link changed to another line is refused", async () => {
    const order = await paidOrder(buyer);
    expect((await t.api('GET', `/orders/${order.id}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await t.api('GET', `/orderlines/${order.lines[0].id}`, { token: stranger.token })).statusCode).toBe(404);
    // The stranger's own paid link, pointed at the buyer's line: the signature is for the stranger's path only.
    const own = (await paidOrder(stranger)).lines[0];
    const moved = own.download_url!.replace(`/orderlines/${own.id}/`, `/orderlines/${order.lines[0].id}/`);
    expect(moved).not.toBe(own.download_url);
    const res = await follow(moved);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not valid or has expired/);
    expect((await follow(own.download_url!)).statusCode).toBe(200);
  });

  it('refuses a tampered signature, a changed expiry and an expired link (403), and a link without them (400)', async () => {
    const line = (await paidOrder(buyer)).lines[0];
    const url = new URL(line.download_url!, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const tampered = `${url.pathname}?exp=${exp}&sig=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect((await follow(tampered)).statusCode).toBe(403);
    expect((await follow(`${url.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`)).statusCode).toBe(403);
    // Signed with the right key, but for a time already past.
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = `${url.pathname}?exp=${past}&sig=${urlSigner(t.config.secretKey, 'order-download').signatureOf(url.pathname, past)}`;
    const res = await follow(expired);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/expired/);
    // The same signing for another use (member media) does not open a download.
    const media = `${url.pathname}?exp=${exp}&sig=${urlSigner(t.config.secretKey, 'member-media').signatureOf(url.pathname, Number(exp))}`;
    expect((await follow(media)).statusCode).toBe(403);
    expect((await follow(url.pathname)).statusCode).toBe(400);
  });

  it('stops working once the order is refunded: 403 saying so, and the order gives no link', async () => {
    const order = await paidOrder(buyer);
    const link = order.lines[0].download_url!;
    expect((await follow(link)).statusCode).toBe(200);
    const refunded = await t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, headers: { 'idempotency-key': newKey() }, body: { reason: 'Bought twice' } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().status).toBe('refunded');
    const res = await follow(link);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('refunded');
    expect((await view(buyer, order.id)).lines[0].download_url).toBeNull();
  });

  it('gives no link for other lines, nor for a product whose document was taken away', async () => {
    const other = await createOtherProduct(t, 'digital');
    const order = await buy(buyer, other.id);
    await pay(order);
    const line = (await view(buyer, order.id)).lines[0];
    expect(line.download_url).not.toBeNull();
    await t.db.kysely.updateTable('shop_products').set({ document_id: null }).where('id', '=', other.id).execute();
    expect((await view(buyer, order.id)).lines[0].download_url).toBeNull();
    expect((await follow(line.download_url!)).statusCode).toBe(404);
  });
});
