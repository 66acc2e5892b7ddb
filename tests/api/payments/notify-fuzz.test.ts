import { createSign } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { shipsToChina } from '../orders/factories.js';
import { alipayNotificationBody, alipayNotificationParams, wechatNotification } from '../../unit/payments/fixtures.js';
import { createBuyer, createPaymentsApp, orderFootprint, placeStockedOrder, providerKeys, type Buyer } from './helpers.js';

/**
 * Fuzzing of the notify routes' bodies: genuine messages mutated at random (bytes flipped, inserted, cut,
 * parameters repeated, JSON broken, content types swapped), some signed again so the mutation reaches the
 * checks behind the signature. Whatever arrives, the answer is never a 5xx, always in the provider's own
 * format, and an order changes only under a success answer. The seed is fixed so a failure replays; set
 * NOTIFY_FUZZ_SEED to explore others.
 */

const SEED = Number(process.env.NOTIFY_FUZZ_SEED ?? 20_261_126);
const ROUNDS = 120;
const keys = providerKeys();
const FORM = 'application/x-www-form-urlencoded; charset=utf-8';

/** mulberry32: small, seeded, good enough to pick mutations. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}
type Random = ReturnType<typeof random>;

const NASTY = [[0x00], [0xff], [0xc3], [0xc3, 0x28], [0xe2, 0x82], [0x25], [0x26], [0x3d], [0x22], [0x7b], [0x5c], [0x25, 0x30, 0x30], [0x0a], [0x2b]];
const CONTENT_TYPES = ['application/json', FORM, 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', ''];

/** One random change to the bytes: flip, insert, cut a span, truncate, or repeat a span. */
function mutate(r: Random, text: string): Buffer {
  const bytes = Buffer.from(text);
  const at = r.int(bytes.length + 1);
  switch (r.int(5)) {
    case 0: {
      const copy = Buffer.from(bytes);
      if (copy.length) copy[Math.min(at, copy.length - 1)] ^= 1 << r.int(8);
      return copy;
    }
    case 1:
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(r.pick(NASTY)), bytes.subarray(at)]);
    case 2:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + 1 + r.int(40)))]);
    case 3:
      return bytes.subarray(0, at);
    default:
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + r.int(60)), bytes.subarray(at)]);
  }
}

let t: TestApp;
let buyer: Buyer;
let shippingCode: string;
beforeAll(async () => {
  t = await createPaymentsApp({ paymentDevProvider: true });
  buyer = await createBuyer(t);
  shippingCode = (await shipsToChina(t)).code;
});

interface Attempt {
  body: Buffer | string;
  headers: Record<string, string>;
}

/** Sends `rounds` attempts; checks every answer's status and format and that only a success changed the order. */
async function fuzz(url: string, order: { id: number; stockRecordId: number }, attempt: (r: Random) => Attempt, format: (res: LightMyRequestResponse) => void, success: (res: LightMyRequestResponse) => boolean) {
  const r = random(SEED + order.id);
  let before = await orderFootprint(t, order);
  const statuses = new Map<number, number>();
  for (let i = 0; i < ROUNDS; i += 1) {
    const { body, headers } = attempt(r);
    const res = await t.app.inject({ method: 'POST', url, payload: body, headers });
    const where = `round ${i} (seed ${SEED + order.id}): ${res.statusCode} ${res.body.slice(0, 160)}`;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    expect(res.statusCode, where).toBeLessThan(500);
    format(res);
    const after = await orderFootprint(t, order);
    if (!success(res)) expect(after, where).toEqual(before);
    before = after;
  }
  // The fuzz reached more than one check: several distinct refusals came back.
  expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(1);
}

const alipayFormat = (res: LightMyRequestResponse) => {
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(['success', 'fail']).toContain(res.body);
};

describe('fuzzed notification bodies', () => {
  it('pay/alipay/notify: never a 5xx, always `success` or `fail`, and a `fail` changes nothing', async () => {
    const order = await placeStockedOrder(t, buyer, 'alipay', shippingCode);
    const params = alipayNotificationParams({ out_trade_no: order.number, total_amount: `${order.total / 100}`, trade_no: `F-${order.id}` });
    const genuine = alipayNotificationBody(params, keys.alipayPlatform.privateKey);
    await fuzz(
      '/api/v2/pay/alipay/notify',
      order,
      (r) => {
        const resigned = r.next() < 0.4;
        if (resigned) {
          // A mutated value signed with the platform key: the business checks see it.
          const name = r.pick(Object.keys(params));
          const value = mutate(r, params[name]).toString('latin1');
          return { body: alipayNotificationBody({ ...params, [name]: value }, keys.alipayPlatform.privateKey), headers: { 'content-type': FORM } };
        }
        return { body: mutate(r, genuine), headers: { 'content-type': r.next() < 0.8 ? FORM : r.pick(CONTENT_TYPES) } };
      },
      alipayFormat,
      (res) => res.body === 'success',
    );
  });

  it('pay/wechatpay/notify: never a 5xx, always {"code":"FAIL"} or 204, and a refusal changes nothing', async () => {
    const order = await placeStockedOrder(t, buyer, 'wechatpay', shippingCode);
    const genuine = wechatNotification({ out_trade_no: order.number, total: order.total });
    await fuzz(
      '/api/v2/pay/wechatpay/notify',
      order,
      (r) => {
        const body = mutate(r, genuine.body);
        const headers: Record<string, string> = { ...genuine.headers, 'content-type': r.next() < 0.8 ? 'application/json' : r.pick(CONTENT_TYPES) };
        if (r.next() < 0.5) {
          // Signed again over the mutated bytes: JSON parsing, decryption and the field checks see it.
          headers['wechatpay-signature'] = createSign('RSA-SHA256')
            .update(Buffer.concat([Buffer.from(`${headers['wechatpay-timestamp']}\n${headers['wechatpay-nonce']}\n`), body, Buffer.from('\n')]))
            .sign(keys.wechatPlatform.privateKey, 'base64');
        }
        return { body, headers };
      },
      (res) => {
        if (res.statusCode === 204) return;
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
      },
      (res) => res.statusCode === 204,
    );
  });

  it('/dev/pay: never a 5xx, always the page, and a refusal changes nothing', async () => {
    const order = await placeStockedOrder(t, buyer, 'dev', shippingCode);
    const start = await t.api('GET', `/pay/order/${order.id}/payment/1/update`, { token: buyer.token });
    expect(start.statusCode, start.body).toBe(200);
    const token = new URL(start.json<{ url: string }>().url).searchParams.get('token')!;
    const genuine = `token=${encodeURIComponent(token)}&action=pay`;
    await fuzz(
      '/dev/pay',
      order,
      (r) => ({ body: mutate(r, genuine), headers: { 'content-type': r.next() < 0.8 ? 'application/x-www-form-urlencoded' : r.pick(CONTENT_TYPES) } }),
      (res) => {
        if (res.statusCode === 303) return;
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      },
      (res) => res.statusCode === 303,
    );
  });
});
