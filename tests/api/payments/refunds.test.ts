import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createPremiumProduct, createStaff, tokenFor } from '../helpers/factories.js';
import { createCourse } from '../courses/factories.js';
import { newKey, ok, shopper, type OrderOut, type Person } from '../orders/factories.js';
import { ALIPAY_APP_ID, PLATFORM_SERIAL, WECHAT_APIV3_KEY, WECHAT_MCHID, providerEnv, providerKeys, testConfig } from '../../unit/payments/fixtures.js';

/**
 * Staff refunds through the providers, against a stand-in for both gateways on 127.0.0.1 that checks our
 * request signatures with the public halves of the keys made here and answers signed with the providers'
 * keys (or, when told, refuses, processes, or signs with a key that is not the provider's).
 */

const keys = providerKeys();
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

type AlipayMode = 'ok' | 'refuse' | 'bad_signature';
type WechatMode = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL';
const gateway = { alipay: 'ok' as AlipayMode, wechat: 'SUCCESS' as WechatMode };
const alipayCalls: { genuine: boolean; biz: Record<string, string>; method: string }[] = [];
const wechatCalls: { genuine: boolean; url: string; body: Record<string, unknown> }[] = [];
/** Refunds each gateway has made, by our refund number, in fen: a repeat refunds nothing more. */
const alipayRefunded = new Map<string, number>();
const wechatRefunded = new Set<string>();

let server: Server;
let t: TestApp;
let staffToken: string;

const readBody = (request: import('node:http').IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });

/** Alipay's side: the request signed over its sorted `k=v` (all but `sign`), the answer signed over the response's text. */
function alipayAnswer(form: URLSearchParams): string {
  const params = Object.fromEntries(form);
  const text = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const genuine = createVerify('RSA-SHA256').update(text, 'utf8').verify(keys.alipayMerchant.publicKey, params.sign ?? '', 'base64');
  const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
  alipayCalls.push({ genuine, biz, method: params.method ?? '' });
  let response: Record<string, unknown>;
  if (!genuine || params.app_id !== ALIPAY_APP_ID) response = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'invalid signature' };
  else if (gateway.alipay === 'refuse') response = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_FINISHED', sub_msg: 'the trade has finished' };
  else {
    const fen = Math.round(Number(biz.refund_amount) * 100);
    const again = alipayRefunded.has(biz.out_request_no);
    alipayRefunded.set(biz.out_request_no, fen);
    response = {
      code: '10000',
      msg: 'Success',
      trade_no: `2026112622001${biz.out_trade_no}`,
      out_trade_no: biz.out_trade_no,
      // A nested list and a string holding `"}` and non-ASCII text: the signed text is found by walking the JSON.
      buyer_logon_id: 'buy"}***@例子.com',
      fund_change: again ? 'N' : 'Y',
      refund_fee: biz.refund_amount,
      refund_detail_item_list: [{ amount: biz.refund_amount, fund_channel: 'ALIPAYACCOUNT' }],
      send_back_fee: biz.refund_amount,
    };
  }
  const responseText = JSON.stringify(response);
  const signer = gateway.alipay === 'bad_signature' ? strangerKey : keys.alipayPlatform.privateKey;
  const sign = createSign('RSA-SHA256').update(responseText, 'utf8').sign(signer, 'base64');
  return `{"alipay_trade_refund_response":${responseText},"sign":"${sign}"}`;
}

function wechatAnswer(url: string, authorization: string, body: string): { status: number; answer: string } {
  const m = /nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)"/.exec(authorization);
  const genuine = m !== null && createVerify('RSA-SHA256').update(`POST\n${url}\n${m[3]}\n${m[1]}\n${body}\n`).verify(keys.wechatMerchant.publicKey, m[2], 'base64');
  const request = JSON.parse(body) as { out_trade_no: string; out_refund_no: string; amount: { refund: number; total: number } };
  wechatCalls.push({ genuine, url, body: request });
  if (!genuine) return { status: 401, answer: JSON.stringify({ code: 'SIGN_ERROR', message: 'signature' }) };
  if (gateway.wechat === 'SUCCESS') wechatRefunded.add(request.out_refund_no);
  return {
    status: 200,
    answer: JSON.stringify({
      refund_id: `50300000${request.out_refund_no.replace(/\D/g, '')}`,
      out_refund_no: request.out_refund_no,
      out_trade_no: request.out_trade_no,
      status: gateway.wechat,
      amount: { refund: request.amount.refund, total: request.amount.total, currency: 'CNY' },
    }),
  };
}

function startGateway(): Promise<string> {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (request.url === '/gateway.do') {
        response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(alipayAnswer(new URLSearchParams(body)));
        return;
      }
      const { status, answer } = wechatAnswer(request.url ?? '', request.headers.authorization ?? '', body);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${answer}\n`).sign(keys.wechatPlatform.privateKey, 'base64');
      response
        .writeHead(status, { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-serial': PLATFORM_SERIAL, 'wechatpay-signature': signature })
        .end(answer);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  const base = await startGateway();
  const keyed = testConfig({ ...providerEnv(keys, base), ALIPAY_GATEWAY: `${base}/gateway.do` });
  t = await createTestApp({ alipay: keyed.alipay, wechatpay: keyed.wechatpay, currency: 'CNY', paymentDevProvider: true, freeReadsUser: 0 });
  staffToken = await tokenFor(t, await createStaff(t));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let trade = 0;
const tradeNo = () => `${process.pid}${Date.now()}${(trade += 1)}`;

/** A membership or course bought with `provider` and paid (the mark-paid service, as a verified notification calls it). */
async function boughtAndPaid(buyer: Person, provider: 'alipay' | 'wechatpay' | 'dev', item: Record<string, number>): Promise<OrderOut> {
  const order = ok<OrderOut>(await t.api('POST', '/quick_checkout', { token: buyer.token, headers: { 'idempotency-key': newKey() }, body: { ...item, payment_method: provider } }), 201);
  expect((await markOrderPaid(t.app.ctx, { provider, providerTradeNo: tradeNo(), orderNumber: order.number, amount: order.total_incl_tax })).outcome).toBe('paid');
  return order;
}

const refund = (order: OrderOut, key?: string) =>
  t.api('POST', `/orders/${order.id}/refund`, { token: staffToken, body: { reason: 'Bought by mistake' }, headers: key ? { 'idempotency-key': key } : {} });

const statusOf = async (order: OrderOut) => (await t.db.kysely.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status;
const refundsOf = (order: OrderOut) =>
  t.db.kysely.selectFrom('order_refunds').select(['status', 'out_request_no', 'settled_by', 'failure_reason', 'amount', 'provider', 'provider_refund_no']).where('order_id', '=', order.id).orderBy('id').execute();

async function readsPremium(buyer: Person, articleId: number): Promise<boolean> {
  const res = await t.api('GET', `/article/membership_status/${articleId}`, { token: buyer.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ can_read: boolean }>().can_read;
}

describe('refunds through Alipay (alipay.trade.refund)', () => {
  it('returns the money, refunds the order and takes the membership back: the premium article locks again', async () => {
    gateway.alipay = 'ok';
    const plan = await createPremiumProduct(t, { price: 3000, period_unit: 'day', period_count: 30 });
    const article = await createArticle(t, { access: 'premium', body_markdown: 'Only for members.' });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    expect(await readsPremium(buyer, article.id)).toBe(true);

    const calls = alipayCalls.length;
    const res = await refund(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrderOut>().status).toBe('refunded');
    expect(alipayCalls.slice(calls)).toEqual([
      { genuine: true, method: 'alipay.trade.refund', biz: { out_trade_no: order.number, refund_amount: '30.00', out_request_no: expect.stringMatching(new RegExp(`^${order.number}-R\\d+$`)), refund_reason: 'Bought by mistake' } },
    ]);
    expect(await refundsOf(order)).toEqual([
      { status: 'succeeded', out_request_no: alipayCalls.at(-1)!.biz.out_request_no, settled_by: 'provider', failure_reason: null, amount: 3000, provider: 'alipay', provider_refund_no: `2026112622001${order.number}` },
    ]);
    expect(await readsPremium(buyer, article.id)).toBe(false);
    // The grant stays in the history, taken back: its period ends at the refund.
    const grants = await t.db.kysely.selectFrom('membership_grants').select(['ends_at', 'revoked_at']).where('source_key', 'like', `order:${order.number}/%`).execute();
    expect(grants).toHaveLength(1);
    expect(grants[0].revoked_at).not.toBeNull();
    expect(Date.parse(grants[0].ends_at)).toBeLessThanOrEqual(Date.now());
  });

  it('keeps a membership another order bought: only this order’s period comes off', async () => {
    gateway.alipay = 'ok';
    const plan = await createPremiumProduct(t, { price: 2000, period_unit: 'day', period_count: 30 });
    const article = await createArticle(t, { access: 'premium', body_markdown: 'Members only.' });
    const buyer = await shopper(t);
    const first = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    await boughtAndPaid(buyer, 'dev', { membership_product: plan.id });
    const endOf = async () =>
      Date.parse(
        (
          await t.db.kysely
            .selectFrom('subscriptions as s')
            .innerJoin('user_memberships as um', 'um.id', 's.user_membership_id')
            .select('s.ends_at')
            .where('um.user_id', '=', buyer.user.id)
            .executeTakeFirstOrThrow()
        ).ends_at,
      );
    const before = await endOf();
    expect(ok<OrderOut>(await refund(first)).status).toBe('refunded');
    const lost = before - (await endOf());
    // The first order's 30 days, less the moments of it lived during the test.
    expect(lost).toBeGreaterThan(30 * 86_400_000 - 120_000);
    expect(lost).toBeLessThanOrEqual(30 * 86_400_000);
    expect(await readsPremium(buyer, article.id)).toBe(true);
  });

  it('leaves the order paid when Alipay refuses (502 naming the reason), and a retry uses the same out_request_no', async () => {
    const plan = await createPremiumProduct(t, { price: 1200 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    gateway.alipay = 'refuse';
    const refused = await refund(order);
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toContain('Alipay refused the refund (40004 ACQ.TRADE_HAS_FINISHED');
    expect(await statusOf(order)).toBe('paid');
    const [failed] = await refundsOf(order);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('ACQ.TRADE_HAS_FINISHED') });
    // Staff see how each refund went; the buyer's view has no refunds.
    expect(ok<{ refunds: unknown[] }>(await t.api('GET', `/orders/${order.id}`, { token: staffToken })).refunds).toEqual([
      expect.objectContaining({ status: 'failed', provider: 'alipay', amount: 1200, refund_number: failed.out_request_no, failure_reason: expect.stringContaining('ACQ.TRADE_HAS_FINISHED') }),
    ]);
    expect(ok(await t.api('GET', `/orders/${order.id}`, { token: buyer.token }))).not.toHaveProperty('refunds');

    gateway.alipay = 'ok';
    const done = ok<OrderOut & { refunds: { status: string; settled_by: string }[] }>(await refund(order));
    expect(done.status).toBe('refunded');
    expect(done.refunds).toEqual([expect.objectContaining({ status: 'succeeded', settled_by: 'provider', failure_reason: null })]);
    const tries = alipayCalls.filter((c) => c.biz.out_trade_no === order.number);
    expect(tries.map((c) => c.biz.out_request_no)).toEqual([failed.out_request_no, failed.out_request_no]);
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'succeeded', out_request_no: failed.out_request_no, failure_reason: null })]);
  });

  it('refuses an answer whose signature is not Alipay’s: the order stays paid', async () => {
    const plan = await createPremiumProduct(t, { price: 1500 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    gateway.alipay = 'bad_signature';
    const res = await refund(order);
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toContain('failed verification');
    expect(await statusOf(order)).toBe('paid');
    expect((await refundsOf(order))[0]).toMatchObject({ status: 'failed' });
    gateway.alipay = 'ok';
  });

  it('answers a repeated Idempotency-Key from the store and a second refund with 409, asking Alipay once', async () => {
    gateway.alipay = 'ok';
    const plan = await createPremiumProduct(t, { price: 900 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    const key = newKey();
    const first = await refund(order, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await refund(order, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await refund(order)).statusCode).toBe(409);
    expect(alipayCalls.filter((c) => c.biz.out_trade_no === order.number)).toHaveLength(1);
    expect(await refundsOf(order)).toHaveLength(1);
  });
});

describe('a payment that arrives after the refund', () => {
  it('is returned through Alipay under its own refund number; the order stays refunded', async () => {
    gateway.alipay = 'ok';
    const plan = await createPremiumProduct(t, { price: 1300 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    expect(ok<OrderOut>(await refund(order)).status).toBe('refunded');
    const late = { provider: 'alipay' as const, providerTradeNo: tradeNo(), orderNumber: order.number, amount: order.total_incl_tax };
    expect((await markOrderPaid(t.app.ctx, late)).outcome).toBe('recorded_for_refund');
    const latePayment = await t.db.kysely.selectFrom('order_payments').select('id').where('provider_trade_no', '=', late.providerTradeNo).executeTakeFirstOrThrow();

    const calls = alipayCalls.length;
    const res = await refund(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrderOut>().status).toBe('refunded');
    expect(alipayCalls.slice(calls)).toEqual([
      { genuine: true, method: 'alipay.trade.refund', biz: { out_trade_no: order.number, refund_amount: '13.00', out_request_no: `${order.number}-R${latePayment.id}`, refund_reason: 'Bought by mistake' } },
    ]);
    expect((await refundsOf(order)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect((await refund(order)).statusCode).toBe(409);
    expect(alipayCalls).toHaveLength(calls + 1);
  });
});

describe('two staff refunding the same order at once', () => {
  it('ask Alipay for one refund (one number, money moved once) and refund the order once', async () => {
    gateway.alipay = 'ok';
    const plan = await createPremiumProduct(t, { price: 1900 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'alipay', { membership_product: plan.id });
    const answers = await Promise.all([refund(order), refund(order)]);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await statusOf(order)).toBe('refunded');
    const numbers = new Set(alipayCalls.filter((c) => c.biz.out_trade_no === order.number).map((c) => c.biz.out_request_no));
    expect(numbers.size).toBe(1);
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 1900 })]);
  });
});

describe('refunds through WeChat Pay (POST /v3/refund/domestic/refunds)', () => {
  it('returns the money and takes the course back', async () => {
    gateway.wechat = 'SUCCESS';
    const course = await createCourse(t, staffToken, { access: 'purchase' });
    const product = ok<{ id: number }>(await t.api('POST', '/course_product', { token: staffToken, body: { course_id: course.id, name: 'Lifetime', price: 4900 } }), 201);
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'wechatpay', { course_product: product.id });
    expect(ok<{ can_read: boolean }>(await t.api('GET', `/course/${course.id}`, { token: buyer.token })).can_read).toBe(true);

    expect(ok<OrderOut>(await refund(order)).status).toBe('refunded');
    const call = wechatCalls.at(-1)!;
    expect(call).toMatchObject({ genuine: true, url: '/v3/refund/domestic/refunds' });
    expect(call.body).toEqual({
      out_trade_no: order.number,
      out_refund_no: expect.stringMatching(/^\d+-R\d+$/),
      reason: 'Bought by mistake',
      notify_url: 'http://lectern.test/api/v2/pay/wechatpay/notify',
      amount: { refund: 4900, total: 4900, currency: 'CNY' },
    });
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'succeeded', settled_by: 'provider', provider: 'wechatpay', out_request_no: call.body.out_refund_no })]);
    expect(await t.db.kysely.selectFrom('course_grants').select('id').where('user_id', '=', buyer.user.id).execute()).toEqual([]);
    expect(ok<{ can_read: boolean }>(await t.api('GET', `/course/${course.id}`, { token: buyer.token })).can_read).toBe(false);
  });

  it('keeps the order paid while WeChat Pay is PROCESSING (409); the same refund asked again completes it', async () => {
    const plan = await createPremiumProduct(t, { price: 2600 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'wechatpay', { membership_product: plan.id });
    gateway.wechat = 'PROCESSING';
    const pending = await refund(order);
    expect(pending.statusCode).toBe(409);
    expect(pending.json<{ message: string }>().message).toContain('processing the refund');
    expect(await statusOf(order)).toBe('paid');
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'requested' })]);
    gateway.wechat = 'SUCCESS';
    expect(ok<OrderOut>(await refund(order)).status).toBe('refunded');
    const numbers = wechatCalls.filter((c) => c.body.out_trade_no === order.number).map((c) => c.body.out_refund_no);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(1);
  });

  it('fails on ABNORMAL with a 502, the order unchanged', async () => {
    const plan = await createPremiumProduct(t, { price: 2700 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'wechatpay', { membership_product: plan.id });
    gateway.wechat = 'ABNORMAL';
    const res = await refund(order);
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toContain('status ABNORMAL');
    expect(await statusOf(order)).toBe('paid');
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'failed', failure_reason: expect.stringContaining('ABNORMAL') })]);
    gateway.wechat = 'SUCCESS';
  });
});

/** WeChat Pay's refund notification: the refund encrypted under the APIv3 key, the envelope signed by the platform key. */
function refundNotification(refund: { out_trade_no: string; out_refund_no: string; total: number; status: string }) {
  const plain = JSON.stringify({
    mchid: WECHAT_MCHID,
    out_trade_no: refund.out_trade_no,
    transaction_id: `4200000${randomBytes(6).toString('hex')}`,
    out_refund_no: refund.out_refund_no,
    refund_id: `50300${randomBytes(6).toString('hex')}`,
    refund_status: refund.status,
    success_time: '2026-11-26T12:00:00+08:00',
    user_received_account: '招商银行信用卡0403',
    amount: { total: refund.total, refund: refund.total, payer_total: refund.total, payer_refund: refund.total },
  });
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(WECHAT_APIV3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('refund'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-11-26T12:00:01+08:00',
    resource_type: 'encrypt-resource',
    event_type: `REFUND.${refund.status}`,
    summary: '退款成功',
    resource: { original_type: 'refund', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'refund', nonce },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headerNonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`, 'utf8').sign(keys.wechatPlatform.privateKey, 'base64');
  return {
    body,
    headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': headerNonce, 'wechatpay-serial': PLATFORM_SERIAL, 'wechatpay-signature': signature },
  };
}

describe('WeChat Pay refund notifications', () => {
  const send = (n: { body: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/api/v2/pay/wechatpay/notify', payload: n.body, headers: n.headers });

  it('complete a refund WeChat Pay was processing: the order refunded and the membership taken back', async () => {
    const plan = await createPremiumProduct(t, { price: 3100 });
    const article = await createArticle(t, { access: 'premium', body_markdown: 'Members.' });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'wechatpay', { membership_product: plan.id });
    gateway.wechat = 'PROCESSING';
    expect((await refund(order)).statusCode).toBe(409);
    gateway.wechat = 'SUCCESS';
    const [requested] = await refundsOf(order);

    // Not ours, or not signed by the platform: nothing changes.
    expect((await send(refundNotification({ out_trade_no: order.number, out_refund_no: `${order.number}-R999999`, total: 3100, status: 'SUCCESS' }))).statusCode).toBe(204);
    const forged = refundNotification({ out_trade_no: order.number, out_refund_no: requested.out_request_no!, total: 3100, status: 'SUCCESS' });
    expect((await send({ ...forged, body: forged.body.replace('"REFUND.SUCCESS"', ' "REFUND.SUCCESS"') })).statusCode).toBe(401);
    expect(await statusOf(order)).toBe('paid');
    expect(await readsPremium(buyer, article.id)).toBe(true);

    const genuine = refundNotification({ out_trade_no: order.number, out_refund_no: requested.out_request_no!, total: 3100, status: 'SUCCESS' });
    expect((await send(genuine)).statusCode).toBe(204);
    expect(await statusOf(order)).toBe('refunded');
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'succeeded', settled_by: 'provider', provider_refund_no: expect.stringMatching(/^50300/) })]);
    expect(await readsPremium(buyer, article.id)).toBe(false);
    // A repeat changes nothing.
    expect((await send(genuine)).statusCode).toBe(204);
    expect(await refundsOf(order)).toHaveLength(1);
  });

  it('mark a processing refund failed on REFUND.ABNORMAL, the order still paid', async () => {
    const plan = await createPremiumProduct(t, { price: 3200 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'wechatpay', { membership_product: plan.id });
    gateway.wechat = 'PROCESSING';
    expect((await refund(order)).statusCode).toBe(409);
    gateway.wechat = 'SUCCESS';
    const [requested] = await refundsOf(order);
    expect((await send(refundNotification({ out_trade_no: order.number, out_refund_no: requested.out_request_no!, total: 3200, status: 'ABNORMAL' }))).statusCode).toBe(204);
    expect(await statusOf(order)).toBe('paid');
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'failed', failure_reason: expect.stringContaining('ABNORMAL') })]);
  });
});

describe('refunds of test payments', () => {
  it('complete here without calling a provider', async () => {
    const plan = await createPremiumProduct(t, { price: 1100 });
    const buyer = await shopper(t);
    const order = await boughtAndPaid(buyer, 'dev', { membership_product: plan.id });
    const calls = alipayCalls.length + wechatCalls.length;
    expect(ok<OrderOut>(await refund(order)).status).toBe('refunded');
    expect(alipayCalls.length + wechatCalls.length).toBe(calls);
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ status: 'succeeded', settled_by: 'local', provider: 'dev', amount: 1100 })]);
  });
});
