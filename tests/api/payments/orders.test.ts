import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { alipayNotificationBody, alipayNotificationParams } from '../../unit/payments/fixtures.js';
import { createBuyer, createPaymentsApp, notify, placeOrder, providerKeys, type Buyer, type PlacedOrder } from './helpers.js';

let t: TestApp;
let owner: Buyer;
let stranger: Buyer;
let staffToken: string;
let order: PlacedOrder;

beforeAll(async () => {
  t = await createPaymentsApp({ paymentDevProvider: true });
  owner = await createBuyer(t);
  stranger = await createBuyer(t);
  staffToken = await tokenFor(t, await createStaff(t));
  order = await placeOrder(t, owner, 'alipay', 9900);
});

describe('GET pay/methods', () => {
  it('lists the configured providers and what each channel gives', async () => {
    const res = await t.api('GET', '/pay/methods');
    expect(res.json()).toEqual({
      methods: [
        { code: 'alipay', pc: 'redirect', mobile: 'redirect' },
        { code: 'wechatpay', pc: 'qr', mobile: 'h5' },
        { code: 'dev', pc: 'redirect', mobile: 'redirect' },
      ],
    });
  });
});

describe('pay/order status and id calls', () => {
  it('answer the owner, by id and by number', async () => {
    const token = owner.token;
    const byId = await t.api('GET', `/pay/order/${order.id}/status`, { token });
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['cache-control']).toBe('private, no-store');
    expect(byId.json()).toEqual({ id: order.id, number: order.number, status: 'pending', paid: false, total: 9900, currency: 'CNY', payment_method: 'alipay', expires_at: expect.any(String) });
    const byNumber = await t.api('GET', `/pay/order/number/${order.number}/status`, { token });
    expect(byNumber.json()).toEqual(byId.json());
    expect((await t.api('GET', `/pay/order/number/${order.number}/id`, { token })).json()).toEqual({ id: order.id, number: order.number });
    expect((await t.api('GET', `/pay/order/${order.id}/id`, { token })).json()).toEqual({ id: order.id, number: order.number });
  });

  it('are 404 for anyone else, staff included, 401 for a guest, 400 for a malformed reference', async () => {
    for (const path of [`/pay/order/${order.id}/status`, `/pay/order/number/${order.number}/status`, `/pay/order/${order.id}/id`, `/pay/order/number/${order.number}/id`]) {
      expect((await t.api('GET', path, { token: stranger.token })).statusCode).toBe(404);
      expect((await t.api('GET', path, { token: staffToken })).statusCode).toBe(404);
      expect((await t.api('GET', path)).statusCode).toBe(401);
    }
    expect((await t.api('GET', '/pay/order/99999999999/status', { token: owner.token })).statusCode).toBe(400);
    expect((await t.api('GET', '/pay/order/number/bad%20number/status', { token: owner.token })).statusCode).toBe(400);
  });

  it('say paid once a notification paid the order', async () => {
    const mine = await placeOrder(t, owner, 'alipay', 1200);
    const body = alipayNotificationBody(alipayNotificationParams({ out_trade_no: mine.number, total_amount: '12.00' }), providerKeys().alipayPlatform.privateKey);
    expect((await notify(t, '/pay/alipay/notify', body, { 'content-type': 'application/x-www-form-urlencoded' })).body).toBe('success');
    expect((await t.api('GET', `/pay/order/${mine.id}/status`, { token: owner.token })).json()).toMatchObject({ status: 'paid', paid: true });
  });
});

describe('GET pay/order/{id}/payment/{n}/update', () => {
  it('gives the owner a signed Alipay page pay URL (pc) or mobile website pay URL (mobile)', async () => {
    const pc = await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: owner.token });
    expect(pc.statusCode, pc.body).toBe(200);
    const body = pc.json<{ url: string; kind: string }>();
    expect(body).toMatchObject({ order_id: order.id, number: order.number, payment_method: 'alipay', attempt: 1, channel: 'pc', kind: 'redirect', code_url: null });
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.test/gateway.do');
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('notify_url')).toBe('http://lectern.test/api/v2/pay/alipay/notify');
    expect(url.searchParams.get('return_url')).toBe(`http://lectern.test/pay_success?number=${order.number}`);
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ out_trade_no: order.number, total_amount: '99.00' });
    expect(url.searchParams.get('sign')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const mobile = await t.api('GET', `/pay/order/number/${order.number}/payment/2/update`, { token: owner.token, query: { channel: 'mobile' } });
    expect(new URL(mobile.json<{ url: string }>().url).searchParams.get('method')).toBe('alipay.trade.wap.pay');
  });

  it('answers 502 naming the provider when WeChat Pay cannot be reached, and the order stays payable', async () => {
    const wechat = await placeOrder(t, owner, 'wechatpay', 800);
    const res = await t.api('GET', `/pay/order/${wechat.id}/payment/1/update`, { token: owner.token });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'payment_provider_error', message: 'WeChat Pay could not be reached. Try again.' });
    expect((await t.api('GET', `/pay/order/${wechat.id}/status`, { token: owner.token })).json()).toMatchObject({ status: 'pending' });
  });

  it('is for the owner only: staff and strangers get 404, guests 401', async () => {
    expect((await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: staffToken })).statusCode).toBe(404);
    expect((await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: stranger.token })).statusCode).toBe(404);
    expect((await t.api('GET', `/pay/order/${order.id}/payment/1/update`)).statusCode).toBe(401);
  });

  it('refuses a bad attempt number or channel (400) and an order that is not pending (409)', async () => {
    const zero = await t.api('GET', `/pay/order/${order.id}/payment/0/update`, { token: owner.token });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ fields: { n: expect.any(String) } });
    const channel = await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: owner.token, query: { channel: 'tv' } });
    expect(channel.json()).toMatchObject({ fields: { channel: expect.any(String) } });
    const done = await placeOrder(t, owner, 'alipay', 700);
    await t.db.kysely.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', done.id).execute();
    const res = await t.api('GET', `/pay/order/${done.id}/payment/1/update`, { token: owner.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ fields: { status: expect.any(String) } });
  });
});
