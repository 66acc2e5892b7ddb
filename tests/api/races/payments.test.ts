import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { createBuyer, createPaymentsApp, notify, orderRow, paymentRows, placeOrder, providerKeys, type Buyer } from '../payments/helpers.js';
import { alipayNotificationBody, alipayNotificationParams, wechatNotification } from '../../unit/payments/fixtures.js';
import { RACERS, race } from './race.js';

/**
 * Payment notifications at once. A provider repeats a notification until it is acknowledged, so every copy is
 * answered `success` (Alipay) or 204 (WeChat Pay): the provider's protocol, not a choice of ours; what must happen once is the ledger: one
 * payment row per trade number, the order paid once, and a second trade for a paid order recorded for refund.
 */

const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
const keys = providerKeys();
let t: TestApp;
let buyer: Buyer;

beforeAll(async () => {
  t = await createPaymentsApp();
  buyer = await createBuyer(t);
});

const signed = (overrides: Record<string, string>) => alipayNotificationBody(alipayNotificationParams(overrides), keys.alipayPlatform.privateKey);
const send = (body: string) => notify(t, '/pay/alipay/notify', body, FORM);
const sendWechat = (n: { body: string; headers: Record<string, string> }) => notify(t, '/pay/wechatpay/notify', n.body, n.headers);

describe('ten at once', () => {
  it('one notification ten times: every answer success, one payment, paid once', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 2500);
    const body = signed({ out_trade_no: order.number, total_amount: '25.00', trade_no: `A-same-${order.id}` });
    const answers = await race(() => send(body));
    expect(answers.map((a) => a.body)).toEqual(Array<string>(RACERS).fill('success'));
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'alipay', provider_trade_no: `A-same-${order.id}`, amount: 2500, outcome: 'paid' }]);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('ten trades of one order: one pays it, nine are recorded for refund', async () => {
    const order = await placeOrder(t, buyer, 'alipay', 1500);
    let n = 0;
    const answers = await race(() => send(signed({ out_trade_no: order.number, total_amount: '15.00', trade_no: `A-many-${order.id}-${(n += 1)}` })));
    expect(answers.map((a) => a.body)).toEqual(Array<string>(RACERS).fill('success'));
    const outcomes = (await paymentRows(t, order.id)).map((p) => p.outcome).sort();
    expect(outcomes).toEqual(['paid', ...Array<string>(RACERS - 1).fill('refund_due')]);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('one WeChat Pay notification ten times: every answer 204, one payment, paid once', async () => {
    const order = await placeOrder(t, buyer, 'wechatpay', 3500);
    const n = wechatNotification({ out_trade_no: order.number, total: 3500, transaction_id: `4200000${order.id}` });
    const answers = await race(() => sendWechat(n));
    expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual(Array<number>(RACERS).fill(204));
    expect(await paymentRows(t, order.id)).toEqual([{ provider: 'wechatpay', provider_trade_no: `4200000${order.id}`, amount: 3500, outcome: 'paid' }]);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });
});
