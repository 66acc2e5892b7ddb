import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { runOrderJob } from '../../../src/server/modules/orders/order-job.js';
import { handleNotification } from '../../../src/server/modules/payments/service.js';
import type { TestApp } from '../helpers/app.js';
import { alipayNotificationBody, alipayNotificationParams, alipaySign } from '../../unit/payments/fixtures.js';
import { createBuyer, createPaymentsApp, notify, orderRow, paymentRows, placeOrder, providerKeys, type Buyer } from './helpers.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
let t: TestApp;
let buyer: Buyer;
const keys = providerKeys();
const signed = (overrides: Record<string, string>, signType?: string) => alipayNotificationBody(alipayNotificationParams(overrides), keys.alipayPlatform.privateKey, signType);
const send = (body: string) => notify(t, '/pay/alipay/notify', body, FORM);

beforeAll(async () => {
  t = await createPaymentsApp();
  buyer = await createBuyer(t);
});

describe('POST pay/alipay/notify', () => {
  it('marks the order paid once for a genuine notification; a repeat answers success and changes nothing', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 9900);
    const body = signed({ out_trade_no: order.number, total_amount: '99.00', trade_no: 'A-1' });
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('success');
    expect((await orderRow(t, order.id)).status).toBe('paid');
    const again = await send(body);
    expect(again.body).toBe('success');
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'alipay', provider_trade_no: 'A-1', amount: 9900, outcome: 'paid' }]);
  });

  it('makes one transition for concurrent identical notifications', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 2500);
    const body = signed({ out_trade_no: order.number, total_amount: '25.00', trade_no: 'A-concurrent' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(body)));
    expect(answers.map((a) => a.body)).toEqual(Array(6).fill('success'));
    expect(await paymentRows(t, order.id)).toHaveLength(1);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('never reverts a paid order for a late WAIT_BUYER_PAY or TRADE_CLOSED', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 1000);
    expect((await send(signed({ out_trade_no: order.number, total_amount: '10.00', trade_no: 'A-ooo' }))).body).toBe('success');
    for (const state of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      const res = await send(signed({ out_trade_no: order.number, total_amount: '10.00', trade_no: 'A-ooo', trade_status: state }));
      expect(res.body).toBe('success');
    }
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('leaves a pending order pending for WAIT_BUYER_PAY, and logs a refund without marking anything', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 1200);
    expect((await send(signed({ out_trade_no: order.number, total_amount: '12.00', trade_status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect((await send(signed({ out_trade_no: order.number, total_amount: '12.00', refund_fee: '12.00', gmt_refund: '2026-11-26 12:00:00' }))).body).toBe('success');
    expect((await orderRow(t, order.id)).status).toBe('pending');
    expect(await paymentRows(t, order.id)).toEqual([]);
  });

  it('refuses a wrong app_id, a wrong amount, RSA, one changed byte and an unknown order with `fail`', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 3000);
    const refused = [
      signed({ out_trade_no: order.number, total_amount: '30.00', app_id: '2021000000000999' }),
      signed({ out_trade_no: order.number, total_amount: '30.01' }),
      signed({ out_trade_no: order.number, total_amount: '30.00' }, 'RSA'),
      signed({ out_trade_no: order.number, total_amount: '30.00', buyer_id: '2088102122524333' }).replace('buyer_id=2088102122524333', 'buyer_id=2088102122524334'),
      signed({ out_trade_no: 'L-NOT-OURS', total_amount: '30.00' }),
    ];
    for (const body of refused) {
      const res = await send(body);
      expect(res.body).toBe('fail');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
    expect((await orderRow(t, order.id)).status).toBe('pending');
    expect(await paymentRows(t, order.id)).toEqual([]);
  });

  it('answers `fail`, not the JSON error format, for an empty or garbled body', async () => {
    expect((await send('')).body).toBe('fail');
    const res = await notify(t, '/pay/alipay/notify', '{"trade_status":"TRADE_SUCCESS"}', { 'content-type': 'application/json' });
    expect(res.body).toBe('fail');
  });

  it('records money for an order that expired as due for refund, and answers success', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 4000);
    await runOrderJob(t.app.ctx, undefined, new Date(Date.now() + 24 * 3600_000));
    expect((await orderRow(t, order.id)).status).toBe('expired');
    const res = await send(signed({ out_trade_no: order.number, total_amount: '40.00', trade_no: 'A-late' }));
    expect(res.body).toBe('success');
    expect((await orderRow(t, order.id)).status).toBe('expired');
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'alipay', provider_trade_no: 'A-late', amount: 4000, outcome: 'refund_due' }]);
  });
});

describe('the log of Alipay notifications', () => {
  it('has every refusal with its reason, and never the signature or a key', async () => {
    const entries: unknown[] = [];
    const log = { warn: (...args: unknown[]) => entries.push(args), info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const order = await placeOrder(t, buyer, 'alipay', 600);
    const bodies = [signed({ out_trade_no: order.number, total_amount: '6.00' }, 'RSA'), signed({ out_trade_no: order.number, total_amount: '6.01' })];
    for (const body of bodies) {
      const result = await handleNotification(t.app.ctx, 'alipay', { headers: {}, body, now: Math.floor(Date.now() / 1000) }, log);
      expect(result.ok).toBe(false);
    }
    expect(entries).toEqual([
      // The number the refused message names is logged too, so a refusal can be traced to its order.
      [{ provider: 'alipay', reason: 'sign_type "RSA": only RSA2 is accepted', status: 400, order_number: order.number }, 'payment notification refused'],
      [{ provider: 'alipay', reason: 'amount 601 differs from the order total 600', status: 400, order_number: order.number }, 'payment notification refused'],
    ]);
    const text = JSON.stringify(entries);
    for (const body of bodies) expect(text).not.toContain(new URLSearchParams(body).get('sign')!.slice(0, 24));
    expect(text).not.toContain(keys.alipayMerchant.privatePkcs1Base64.slice(40, 64));
  });
});

describe('POST pay/alipay/verify', () => {
  const returnParams = (number: string, total: string) => {
    const params: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: number,
      method: 'alipay.trade.page.pay.return',
      total_amount: total,
      trade_no: '2026112622001400001',
      auth_app_id: '2021000000000001',
      version: '1.0',
      app_id: '2021000000000001',
      seller_id: '2088000000000002',
      timestamp: '2026-11-26 10:00:07',
    };
    return { ...params, sign_type: 'RSA2', sign: alipaySign(params, keys.alipayPlatform.privateKey) };
  };

  it('reports genuine return parameters (form or JSON) without marking the order paid; the order only to its owner', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 5000);
    const params = returnParams(order.number, '50.00');
    const form = await t.api('POST', '/pay/alipay/verify', { token: buyer.token, headers: FORM, body: new URLSearchParams(params).toString() });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ verified: true, reason: null, out_trade_no: order.number, trade_no: '2026112622001400001', total_amount: 5000, order: { id: order.id, number: order.number, status: 'pending', paid: false } });
    expect((await orderRow(t, order.id)).status).toBe('pending');
    const stranger = await createBuyer(t);
    const json = await t.api('POST', '/pay/alipay/verify', { token: stranger.token, body: params });
    expect(json.json()).toMatchObject({ verified: true, order: null });
  });

  it('reports tampered parameters as not verified', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 5000);
    const params = { ...returnParams(order.number, '50.00'), total_amount: '0.01' };
    const res = await t.api('POST', '/pay/alipay/verify', { token: buyer.token, body: params });
    expect(res.json()).toMatchObject({ verified: false, reason: 'signature does not verify', order: null });
  });
});
