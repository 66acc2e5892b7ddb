import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { PLATFORM_SERIAL, WECHAT_MCHID, wechatNotification, type WechatTransaction } from '../../unit/payments/fixtures.js';
import { createBuyer, createPaymentsApp, notify, orderRow, paymentRows, placeOrder, providerKeys, type Buyer } from './helpers.js';

const keys = providerKeys();
let t: TestApp;
let buyer: Buyer;
let gateway: Server;
const calls: { url: string; authorization: string; body: string }[] = [];

/** Stands in for WeChat Pay's gateway on 127.0.0.1: checks our signature, answers signed by the platform key. */
function startGateway(): Promise<string> {
  gateway = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const authorization = request.headers.authorization ?? '';
      calls.push({ url: request.url ?? '', authorization, body });
      const m = /nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)"/.exec(authorization);
      const genuine = m !== null && createVerify('RSA-SHA256').update(`POST\n${request.url}\n${m[3]}\n${m[1]}\n${body}\n`).verify(keys.wechatMerchant.publicKey, m[2], 'base64');
      const answer = genuine
        ? JSON.stringify(request.url?.endsWith('/h5') ? { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2' } : { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(4).toString('hex')}` })
        : JSON.stringify({ code: 'SIGN_ERROR', message: 'signature' });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${answer}\n`).sign(keys.wechatPlatform.privateKey, 'base64');
      response
        .writeHead(genuine ? 200 : 401, { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-serial': PLATFORM_SERIAL, 'wechatpay-signature': signature })
        .end(answer);
    });
  });
  return new Promise((resolve) => gateway.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  t = await createPaymentsApp({}, await startGateway());
  buyer = await createBuyer(t);
});
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

const send = (n: { body: string; headers: Record<string, string> }) => notify(t, '/pay/wechatpay/notify', n.body, n.headers);
const paid = (order: { number: string; total: number }, extra: Partial<WechatTransaction> = {}) => ({ out_trade_no: order.number, total: order.total, ...extra });

describe('GET pay/order/{id}/payment/{n}/update with WeChat Pay', () => {
  it('places a Native order (QR code) for pc and an H5 order for mobile at the gateway', async () => {
    const order = await placeOrder(t, buyer, 'wechatpay', 2500);
    const pc = await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: buyer.token });
    expect(pc.statusCode, pc.body).toBe(200);
    expect(pc.json()).toMatchObject({ order_id: order.id, number: order.number, payment_method: 'wechatpay', attempt: 1, channel: 'pc', kind: 'qr', url: null, code_url: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    expect(calls.at(-1)!.url).toBe('/v3/pay/transactions/native');
    expect(JSON.parse(calls.at(-1)!.body)).toMatchObject({ mchid: WECHAT_MCHID, out_trade_no: order.number, amount: { total: 2500, currency: 'CNY' }, notify_url: 'http://lectern.test/api/v2/pay/wechatpay/notify' });
    const mobile = await t.api('GET', `/pay/order/number/${order.number}/payment/2/update`, { token: buyer.token, query: { channel: 'mobile' } });
    expect(mobile.json()).toMatchObject({ kind: 'h5', attempt: 2, code_url: null, url: expect.stringContaining('redirect_url=http%3A%2F%2Flectern.test%2Fpay_success%3Fnumber%3D') });
    expect(calls.at(-1)!.url).toBe('/v3/pay/transactions/h5');
  });
});

describe('POST pay/wechatpay/notify', () => {
  it('marks the order paid (204); a duplicate answers 204 with one transition', async () => {
    const order = await placeOrder(t, buyer, 'wechatpay', 2500);
    const n = wechatNotification(paid(order, { transaction_id: '4200000001' }));
    const first = await send(n);
    expect(first.statusCode).toBe(204);
    expect((await orderRow(t, order.id)).status).toBe('paid');
    const again = await send(n);
    expect(again.statusCode).toBe(204);
    const resent = await send(wechatNotification(paid(order, { transaction_id: '4200000001' })));
    expect(resent.statusCode).toBe(204);
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'wechatpay', provider_trade_no: '4200000001', amount: 2500, outcome: 'paid' }]);
  });

  it('makes one transition for concurrent duplicates', async () => {
    const order = await placeOrder(t, buyer, 'wechatpay', 1800);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(wechatNotification(paid(order, { transaction_id: '4200000002' })))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(204));
    expect(await paymentRows(t, order.id)).toHaveLength(1);
  });

  it('refuses with {"code":"FAIL"} and changes nothing: stale, unknown serial, SIGNTEST, tampered, wrong mchid, appid or amount', async () => {
    const order = await placeOrder(t, buyer, 'wechatpay', 3300);
    const tampered = wechatNotification(paid(order));
    const cases: [string, { body: string; headers: Record<string, string> }, number][] = [
      ['stale timestamp', wechatNotification(paid(order), { timestamp: Math.floor(Date.now() / 1000) - 301 }), 401],
      ['unknown serial', wechatNotification(paid(order), { serial: 'PUB_KEY_ID_0000000000000000000000' }), 401],
      ['SIGNTEST', wechatNotification(paid(order), { signature: 'WECHATPAY/SIGNTEST/9UvxVMBKSjUpyV6Kw' }), 401],
      ['tampered body', { ...tampered, body: tampered.body.replace('"event_type"', ' "event_type"') }, 401],
      ['wrong mchid', wechatNotification(paid(order, { mchid: '1900000999' })), 400],
      ['wrong appid', wechatNotification(paid(order, { appid: 'wx0000000000000000' })), 400],
      ['wrong amount', wechatNotification(paid(order, { total: 3299 })), 400],
      ['unknown order', wechatNotification({ out_trade_no: 'L-NOT-OURS', total: 3300 }), 400],
    ];
    for (const [name, n, status] of cases) {
      const res = await send(n);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toEqual({ code: 'FAIL', message: expect.any(String) });
    }
    expect((await orderRow(t, order.id)).status).toBe('pending');
    expect(await paymentRows(t, order.id)).toEqual([]);
  });

  it('answers in its own format for a body that is not JSON, or no body', async () => {
    const n = wechatNotification({ out_trade_no: 'x' });
    const res = await notify(t, '/pay/wechatpay/notify', 'not json', n.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'FAIL' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/v2/pay/wechatpay/notify' });
    expect(empty.json()).toMatchObject({ code: 'FAIL' });
  });
});
