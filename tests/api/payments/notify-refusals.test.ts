import { createSign } from 'node:crypto';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signDevToken, type DevToken } from '../../../src/server/modules/payments/dev.js';
import { handleNotification } from '../../../src/server/modules/payments/service.js';
import type { TestApp } from '../helpers/app.js';
import { shipsToChina } from '../orders/factories.js';
import { alipayNotificationBody, alipayNotificationParams, wechatNotification } from '../../unit/payments/fixtures.js';
import { createBuyer, createPaymentsApp, orderFootprint, placeStockedOrder, providerKeys, type Buyer } from './helpers.js';

/**
 * Every notify route answers a message that can never succeed with a 4xx in the provider's own failure format
 * and changes nothing (order, payments, stock, holds); only a failure of ours answers 5xx.
 */

const keys = providerKeys();
const FORM = 'application/x-www-form-urlencoded; charset=utf-8';
let t: TestApp;
let buyer: Buyer;
let shippingCode: string;

beforeAll(async () => {
  t = await createPaymentsApp({ paymentDevProvider: true });
  buyer = await createBuyer(t);
  shippingCode = (await shipsToChina(t)).code;
});

type Body = string | Buffer;
interface Case {
  name: string;
  body: Body;
  headers: Record<string, string>;
  status: number;
}

const post = (url: string, c: Pick<Case, 'body' | 'headers'>) => t.app.inject({ method: 'POST', url, payload: c.body, headers: c.headers });
const withBadByte = (text: string, at: number) => Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xc3, 0x28]), Buffer.from(text.slice(at))]);
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Signs a WeChat Pay body as the platform does, so a broken body gets past the signature to the next check. */
function wechatSigned(body: string, headers: Record<string, string>) {
  const signature = createSign('RSA-SHA256')
    .update(`${headers['wechatpay-timestamp']}\n${headers['wechatpay-nonce']}\n${body}\n`, 'utf8')
    .sign(keys.wechatPlatform.privateKey, 'base64');
  return { body, headers: { ...headers, 'wechatpay-signature': signature } };
}

async function expectRefusals(url: string, order: { id: number; stockRecordId: number }, cases: Case[], format: (res: LightMyRequestResponse) => void) {
  const before = await orderFootprint(t, order);
  expect(before.order.status).toBe('pending');
  expect(before.holds.length).toBeGreaterThan(0);
  for (const c of cases) {
    const res = await post(url, c);
    expect(res.statusCode, `${c.name}: ${res.body.slice(0, 200)}`).toBe(c.status);
    format(res);
    expect(res.headers['cache-control'], c.name).toBe('no-store');
  }
  expect(await orderFootprint(t, order)).toEqual(before);
}

describe('POST pay/alipay/notify refuses what can never succeed', () => {
  it('answers `fail` with a 4xx and changes nothing', async () => {
    const order = await placeStockedOrder(t, buyer, 'alipay', shippingCode);
    const signed = (overrides: Record<string, string>, signType?: string) =>
      alipayNotificationBody(alipayNotificationParams({ out_trade_no: order.number, total_amount: yuan(order.total), trade_no: `A-${order.id}`, ...overrides }), keys.alipayPlatform.privateKey, signType);
    const genuine = signed({});
    const form = { 'content-type': FORM };
    const cases: Case[] = [
      { name: 'NUL byte', body: genuine.replace('subject=', 'subject=\u0000'), headers: form, status: 400 },
      { name: 'NUL byte, percent-encoded', body: `${genuine}&memo=%00`, headers: form, status: 400 },
      { name: 'NUL in a genuinely signed out_trade_no', body: signed({ out_trade_no: `${order.number}\u0000` }), headers: form, status: 400 },
      { name: 'control character in a genuinely signed out_trade_no', body: signed({ out_trade_no: `${order.number}\u0001` }), headers: form, status: 400 },
      { name: 'invalid UTF-8', body: withBadByte(genuine, 20), headers: form, status: 400 },
      { name: 'JSON content type', body: genuine, headers: { 'content-type': 'application/json' }, status: 415 },
      { name: 'text content type', body: genuine, headers: { 'content-type': 'text/plain' }, status: 415 },
      { name: 'another charset', body: genuine, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=gbk' }, status: 415 },
      { name: 'truncated form', body: genuine.slice(0, Math.floor(genuine.length / 2)), headers: form, status: 400 },
      { name: 'bad signature', body: genuine.replace(/sign=[^&]{8}/, 'sign=AAAAAAAA'), headers: form, status: 400 },
      { name: 'unknown order', body: signed({ out_trade_no: 'L-NOT-OURS' }), headers: form, status: 400 },
      { name: 'wrong amount', body: signed({ total_amount: yuan(order.total - 1) }), headers: form, status: 400 },
      { name: 'body over the limit', body: `${genuine}&pad=${'x'.repeat(1024 * 1024)}`, headers: form, status: 413 },
    ];
    await expectRefusals('/api/v2/pay/alipay/notify', order, cases, (res) => {
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe('fail');
    });
    // The same message, whole and genuine, still pays: the refusals above were about the bodies alone.
    const ok = await post('/api/v2/pay/alipay/notify', { body: genuine, headers: form });
    expect(ok.body).toBe('success');
  });
});

describe('POST pay/wechatpay/notify refuses what can never succeed', () => {
  it('answers {"code":"FAIL"} with a 4xx and changes nothing', async () => {
    const order = await placeStockedOrder(t, buyer, 'wechatpay', shippingCode);
    const genuine = wechatNotification({ out_trade_no: order.number, total: order.total });
    const h = genuine.headers;
    const cases: Case[] = [
      { name: 'NUL byte', body: genuine.body.replace('"summary":"', '"summary":"\u0000'), headers: h, status: 400 },
      { name: 'NUL byte, genuinely signed', ...wechatSigned(genuine.body.replace('"summary":"', '"summary":"\u0000'), h), status: 400 },
      { name: 'NUL in a genuine out_trade_no', ...wechatNotification({ out_trade_no: `${order.number}\u0000`, total: order.total }), status: 400 },
      { name: 'invalid UTF-8', body: withBadByte(genuine.body, 10), headers: h, status: 400 },
      { name: 'form content type', body: genuine.body, headers: { ...h, 'content-type': FORM }, status: 415 },
      { name: 'no content type', body: genuine.body, headers: Object.fromEntries(Object.entries(h).filter(([k]) => k !== 'content-type')), status: 415 },
      { name: 'truncated JSON', body: genuine.body.slice(0, -20), headers: h, status: 401 },
      { name: 'truncated JSON, genuinely signed', ...wechatSigned(genuine.body.slice(0, -20), h), status: 400 },
      { name: 'bad signature', body: genuine.body, headers: { ...h, 'wechatpay-signature': `AAAA${h['wechatpay-signature'].slice(4)}` }, status: 401 },
      { name: 'unknown order', ...wechatNotification({ out_trade_no: 'L-NOT-OURS', total: order.total }), status: 400 },
      { name: 'wrong amount', ...wechatNotification({ out_trade_no: order.number, total: order.total + 1 }), status: 400 },
    ];
    await expectRefusals('/api/v2/pay/wechatpay/notify', order, cases, (res) => {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
    });
    expect((await post('/api/v2/pay/wechatpay/notify', genuine)).statusCode).toBe(204);
  });
});

describe('POST /dev/pay (the test provider) refuses what can never succeed', () => {
  it('answers its own refusal page with a 4xx and changes nothing', async () => {
    const order = await placeStockedOrder(t, buyer, 'dev', shippingCode);
    const start = await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: buyer.token });
    expect(start.statusCode, start.body).toBe(200);
    const token = new URL(start.json<{ url: string }>().url).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as DevToken;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const pay = (tok: string) => `token=${encodeURIComponent(tok)}&action=pay`;
    const cases: Case[] = [
      { name: 'NUL byte', body: `${pay(token)}\u0000`, headers: form, status: 400 },
      { name: 'invalid UTF-8', body: withBadByte(pay(token), 6), headers: form, status: 400 },
      { name: 'JSON content type', body: JSON.stringify({ token, action: 'pay' }), headers: { 'content-type': 'application/json' }, status: 415 },
      { name: 'truncated form', body: pay(token).slice(0, 30), headers: form, status: 403 },
      { name: 'truncated token', body: pay(token.slice(0, -5)), headers: form, status: 403 },
      { name: 'bad signature', body: pay(signDevToken('another secret key of at least 32 characters', claims)), headers: form, status: 403 },
      { name: 'unknown order', body: pay(signDevToken(t.config.secretKey, { ...claims, o: 'L-NOT-OURS' })), headers: form, status: 403 },
      { name: 'wrong amount', body: pay(signDevToken(t.config.secretKey, { ...claims, a: claims.a + 1 })), headers: form, status: 403 },
    ];
    await expectRefusals('/dev/pay', order, cases, (res) => {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('not valid or has expired');
    });
    expect((await post('/dev/pay', { body: pay(token), headers: form })).statusCode).toBe(303);
  });
});

describe('a failure on our side', () => {
  const failures = [
    ['the connection dropped', () => new Error('Connection terminated unexpectedly')],
    ['the database was busy', () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
  ] as const;

  it.each(failures)('answers 5xx when %s, so the provider sends it again, and the retry pays', async (_name, error) => {
    const alipayOrder = await placeStockedOrder(t, buyer, 'alipay', shippingCode);
    const wechatOrder = await placeStockedOrder(t, buyer, 'wechatpay', shippingCode);
    const alipay = alipayNotificationBody(alipayNotificationParams({ out_trade_no: alipayOrder.number, total_amount: yuan(alipayOrder.total) }), keys.alipayPlatform.privateKey);
    const wechat = wechatNotification({ out_trade_no: wechatOrder.number, total: wechatOrder.total });
    const spy = vi.spyOn(t.app.ctx.db.kysely, 'selectFrom').mockImplementation(() => {
      throw error();
    });
    const a = await post('/api/v2/pay/alipay/notify', { body: alipay, headers: { 'content-type': FORM } });
    const w = await post('/api/v2/pay/wechatpay/notify', wechat);
    spy.mockRestore();
    expect(a.statusCode).toBe(500);
    expect(a.body).toBe('fail');
    expect(w.statusCode).toBe(500);
    expect(w.json()).toEqual({ code: 'FAIL', message: 'Internal error; send it again later.' });
    expect((await post('/api/v2/pay/alipay/notify', { body: alipay, headers: { 'content-type': FORM } })).body).toBe('success');
    expect((await post('/api/v2/pay/wechatpay/notify', wechat)).statusCode).toBe(204);
  });
});

describe('the log of a refusal', () => {
  function recorder() {
    const warnings: Record<string, unknown>[] = [];
    const log = { warn: (fields: Record<string, unknown>) => warnings.push(fields), info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    return { log, warnings };
  }

  it('names the reason and the order number the message names, cut and without control characters', async () => {
    const order = await placeStockedOrder(t, buyer, 'alipay', shippingCode);
    const at = Math.floor(Date.now() / 1000);
    const headers = { 'content-type': FORM };
    const send = (body: string) => {
      const r = recorder();
      return handleNotification(t.app.ctx, 'alipay', { headers, body, now: at }, r.log).then(() => r.warnings);
    };
    const amount = await send(alipayNotificationBody(alipayNotificationParams({ out_trade_no: order.number, total_amount: '0.01' }), keys.alipayPlatform.privateKey));
    expect(amount).toEqual([expect.objectContaining({ provider: 'alipay', status: 400, order_number: order.number, reason: expect.stringContaining('differs') })]);
    const unknown = await send(alipayNotificationBody(alipayNotificationParams({ out_trade_no: 'L-NOT-OURS' }), keys.alipayPlatform.privateKey));
    expect(unknown).toEqual([expect.objectContaining({ order_number: 'L-NOT-OURS', reason: 'out_trade_no is not an order of ours' })]);
    const forged = alipayNotificationBody(alipayNotificationParams({ out_trade_no: `${order.number}\u0001${'9'.repeat(100)}` }), keys.alipayMerchant.privateKey);
    const [entry] = await send(forged);
    expect(entry).toMatchObject({ reason: 'signature does not verify', order_number: `${order.number}?${'9'.repeat(63 - order.number.length)}` });
  });
});
