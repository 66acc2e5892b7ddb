import { beforeAll, describe, expect, it } from 'vitest';
import { signDevToken, type DevToken } from '../../../src/server/modules/payments/dev.js';
import { handleNotification } from '../../../src/server/modules/payments/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createBuyer, createPaymentsApp, orderRow, paymentRows, placeOrder, type Buyer } from './helpers.js';

let t: TestApp;
let buyer: Buyer;

beforeAll(async () => {
  t = await createPaymentsApp({ paymentDevProvider: true });
  buyer = await createBuyer(t);
});

/** Starts a payment of a new dev order and answers its order and the page's token. */
async function devLink(price = 9900) {
  const order = await placeOrder(t, buyer, 'dev', price);
  const res = await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: buyer.token });
  expect(res.statusCode, res.body).toBe(200);
  const start = res.json<{ kind: string; url: string }>();
  expect(start.kind).toBe('redirect');
  const url = new URL(start.url);
  expect(url.origin + url.pathname).toBe('http://lectern.test/dev/pay');
  return { order, token: url.searchParams.get('token')! };
}

const page = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/dev/pay?token=${encodeURIComponent(token)}`, headers });
const post = (token: string, action: string) =>
  t.app.inject({ method: 'POST', url: '/dev/pay', payload: new URLSearchParams({ token, action }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('the test payment page', () => {
  it('shows the order number and amount with Pay and Fail forms, without script, in the reader’s language', async () => {
    const { order, token } = await devLink(9900);
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<h1>Test payment</h1>');
    expect(res.body).toContain(order.number);
    expect(res.body).toContain('Pay ¥99.00');
    expect(res.body).toContain('name="action" value="pay"');
    expect(res.body).toContain('name="action" value="fail"');
    expect(res.body).not.toContain('<script');
    const zh = await page(token, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('测试支付');
    const cookie = await page(token, { 'accept-language': 'zh-CN', cookie: 'lang=en' });
    expect(cookie.body).toContain('Test payment');
  });

  it('Fail leaves the order pending; Pay marks it paid through the mark-paid service and returns to the order', async () => {
    const { order, token } = await devLink(1500);
    const failed = await post(token, 'fail');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('The payment failed');
    expect((await orderRow(t, order.id)).status).toBe('pending');
    const paid = await post(token, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/pay_success?number=${order.number}`);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    // A second submit of the same page pays nothing more.
    expect((await post(token, 'pay')).statusCode).toBe(303);
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'dev', provider_trade_no: expect.stringMatching(/^DEV-/), amount: 1500, outcome: 'paid' }]);
    const after = await page(token);
    expect(after.body).toContain('This order is paid.');
    expect(after.body).not.toContain('value="pay"');
  });

  it('answers the order as the payment left it, not as it was read before', async () => {
    const { order, token } = await devLink(2100);
    const body = new URLSearchParams({ token, action: 'pay' }).toString();
    const result = await handleNotification(t.app.ctx, 'dev', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, now: Math.floor(Date.now() / 1000) }, t.app.log);
    expect(result.ok && result.outcome).toBe('paid');
    expect(result.order).toMatchObject({ id: order.id, status: 'paid' });
  });

  it('refuses a forged, altered or expired token, and a token for another buyer’s order', async () => {
    const { order, token } = await devLink(2000);
    const [payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as DevToken;
    const altered = `${Buffer.from(JSON.stringify({ ...claims, a: 1 })).toString('base64url')}.${mac}`;
    const forged = signDevToken('another secret key of at least 32 characters', claims);
    const expired = signDevToken(t.config.secretKey, { ...claims, x: Math.floor(Date.now() / 1000) - 1 });
    const stranger = await createBuyer(t);
    const othersToken = signDevToken(t.config.secretKey, { ...claims, u: stranger.user.id });
    for (const bad of [altered, forged, expired, othersToken, 'nonsense']) {
      expect((await page(bad)).statusCode).toBe(403);
      const res = await post(bad, 'pay');
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('not valid or has expired');
    }
    expect((await orderRow(t, order.id)).status).toBe('pending');
    expect(await paymentRows(t, order.id)).toEqual([]);
  });
});

describe('the test payment page where it is off', () => {
  it('does not exist outside demo mode unless switched on, and never in production outside demo mode', async () => {
    const off = await createPaymentsApp();
    expect((await off.app.inject({ method: 'GET', url: '/dev/pay?token=x' })).statusCode).toBe(404);
    expect((await off.api('GET', '/pay/methods')).json<{ methods: { code: string }[] }>().methods.map((m) => m.code)).toEqual(['alipay', 'wechatpay']);
    const production = await createTestApp({ env: 'production', demoMode: false, paymentDevProvider: true });
    expect((await production.app.inject({ method: 'GET', url: '/dev/pay?token=x' })).statusCode).toBe(404);
    expect((await production.app.inject({ method: 'POST', url: '/dev/pay', payload: 'token=x&action=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    expect((await production.api('GET', '/pay/methods')).json()).toEqual({ methods: [] });
    const buyerOff = await createBuyer(off);
    // An order placed while the test page was on, paid after it was switched off.
    const order = await placeOrder(off, buyerOff, 'alipay', 1000);
    await off.db.kysely.updateTable('orders').set({ payment_method: 'dev' }).where('id', '=', order.id).execute();
    const start = await off.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: buyerOff.token });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ fields: { payment_method: expect.any(String) } });
  });
});
