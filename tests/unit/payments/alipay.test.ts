import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  alipayPayUrl,
  alipayStringToVerify,
  alipayTime,
  fenToYuan,
  parseAlipayForm,
  verifyAlipayNotification,
  yuanToFen,
} from '../../../src/server/modules/payments/alipay.js';
import type { StartRequest } from '../../../src/server/modules/payments/provider.js';
import { ALIPAY_APP_ID, alipayNotificationBody, alipayNotificationParams, providerEnv, providerKeys, testConfig } from './fixtures.js';

const keys = providerKeys();
const config = testConfig(providerEnv(keys));
const sign = (params: Record<string, string>, signType?: string) => alipayNotificationBody(params, keys.alipayPlatform.privateKey, signType);

describe('Alipay notification verification', () => {
  it('accepts a notification signed the way Alipay signs it, PKCS#1 or SPKI keys as pasted', () => {
    const verdict = verifyAlipayNotification(config, sign(alipayNotificationParams({ out_trade_no: 'L1', total_amount: '99.00', trade_no: 'T1' })));
    expect(verdict).toEqual({ kind: 'paid', state: 'TRADE_SUCCESS', receipt: { provider: 'alipay', providerTradeNo: 'T1', orderNumber: 'L1', amount: 9900 } });
    const pem = testConfig({ ...providerEnv(keys), ALIPAY_PUBLIC_KEY: keys.alipayPlatform.publicPem });
    expect(verifyAlipayNotification(pem, sign(alipayNotificationParams())).kind).toBe('paid');
  });

  it('refuses one changed byte anywhere in the signed values', () => {
    const body = sign(alipayNotificationParams({ total_amount: '99.00' }));
    const tampered = body.replace('total_amount=99.00', 'total_amount=99.01');
    expect(tampered).not.toBe(body);
    expect(verifyAlipayNotification(config, tampered)).toEqual({ kind: 'rejected', reason: 'signature does not verify', status: 400, orderNumber: 'L2026112600001' });
    const signIndex = body.indexOf('sign=') + 10;
    const flipped = body.slice(0, signIndex) + (body[signIndex] === 'A' ? 'B' : 'A') + body.slice(signIndex + 1);
    expect(verifyAlipayNotification(config, flipped).kind).toBe('rejected');
  });

  it('accepts RSA2 only: sign_type RSA or none is refused even with a good signature', () => {
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams(), 'RSA'))).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('only RSA2') });
    const params = new URLSearchParams(sign(alipayNotificationParams()));
    params.delete('sign_type');
    expect(verifyAlipayNotification(config, params.toString())).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('sign_type missing') });
  });

  it('decodes once: a `+` is a space, an encoded plus stays a plus, passback_params stays percent-encoded', () => {
    const params = alipayNotificationParams({ subject: 'Tests You Can Trust + more', passback_params: 'order%3D7%26lang%3Dzh-CN', body: '' });
    const body = sign(params);
    expect(body).toContain('subject=Tests+You+Can+Trust+%2B+more');
    expect(body).toContain('passback_params=order%253D7%2526lang%253Dzh-CN');
    const parsed = parseAlipayForm(body) as Map<string, string>;
    expect(parsed.get('subject')).toBe('Tests You Can Trust + more');
    expect(parsed.get('passback_params')).toBe('order%3D7%26lang%3Dzh-CN');
    // Empty values are part of the signed string.
    expect(alipayStringToVerify(parsed)).toContain('&body=&');
    expect(verifyAlipayNotification(config, body).kind).toBe('paid');
  });

  it('sorts keys by ASCII and leaves out sign and sign_type', () => {
    const text = alipayStringToVerify(new Map([['b', '2'], ['sign', 'x'], ['A', '1'], ['a_b', '3'], ['sign_type', 'RSA2'], ['a', '']]));
    expect(text).toBe('A=1&a=&a_b=3&b=2');
  });

  it('checks our own fields: app_id, seller_id, amounts in yuan, a parameter sent twice', () => {
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ app_id: '2021000000009999' })))).toMatchObject({ reason: 'app_id is not ours' });
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ seller_id: '2088999999999999' })))).toMatchObject({ reason: 'seller_id is not ours' });
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ total_amount: '99.001' })))).toMatchObject({ kind: 'rejected' });
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ total_amount: '1e2' })))).toMatchObject({ kind: 'rejected' });
    const body = sign(alipayNotificationParams());
    expect(verifyAlipayNotification(config, `${body}&trade_status=TRADE_SUCCESS`)).toMatchObject({ reason: 'parameter trade_status sent twice' });
  });

  it('reads the trade status: paid, refund, not paid, unknown', () => {
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ trade_status: 'TRADE_FINISHED' }))).kind).toBe('paid');
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ trade_status: 'WAIT_BUYER_PAY' }))).kind).toBe('unpaid');
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ trade_status: 'TRADE_CLOSED' }))).kind).toBe('unpaid');
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ refund_fee: '10.50', gmt_refund: '2026-11-27 10:00:00' })))).toMatchObject({ kind: 'refund', refundAmount: 1050 });
    expect(verifyAlipayNotification(config, sign(alipayNotificationParams({ trade_status: 'PAID' }))).kind).toBe('rejected');
  });
});

describe('Alipay amounts and times', () => {
  it('parses yuan to fen by the digits, never through floats', () => {
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.15')).toBe(115);
    expect(yuanToFen('19999.99')).toBe(1_999_999);
    expect(yuanToFen('100')).toBe(10_000);
    for (const bad of ['', '-1.00', '1.', '.5', '1.234', ' 1.00', '1,00', 'NaN', '1e3']) expect(yuanToFen(bad)).toBeUndefined();
    expect(fenToYuan(9900)).toBe('99.00');
    expect(fenToYuan(5)).toBe('0.05');
  });

  it('writes times in China time', () => {
    expect(alipayTime(new Date('2026-11-26T16:30:05.123Z'))).toBe('2026-11-27 00:30:05');
  });
});

describe('Alipay payment URLs', () => {
  const order = { number: 'L20261126X', title: '类型建模 & more', total: 9900, currency: 'CNY', user_id: 1, expires_at: '2026-11-26T03:30:00.000Z' };
  const request: StartRequest = { channel: 'pc', attempt: 1, clientIp: '203.0.113.5', notifyUrl: 'https://shop.example/api/v2/pay/alipay/notify', returnUrl: 'https://shop.example/pay_success?number=L20261126X', quitUrl: 'https://shop.example/checkout' };

  it('signs page pay with our private key over the sorted parameters', () => {
    const url = new URL(alipayPayUrl(config, order, request, new Date('2026-11-26T03:00:00Z')));
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.test/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ app_id: ALIPAY_APP_ID, method: 'alipay.trade.page.pay', charset: 'utf-8', sign_type: 'RSA2', version: '1.0', timestamp: '2026-11-26 11:00:00', notify_url: request.notifyUrl, return_url: request.returnUrl });
    expect(JSON.parse(params.biz_content)).toEqual({ out_trade_no: 'L20261126X', total_amount: '99.00', subject: '类型建模 & more', product_code: 'FAST_INSTANT_TRADE_PAY', time_expire: '2026-11-26 11:30:00' });
    // The request string-to-sign keeps sign_type (only notifications leave it out).
    const text = Object.keys(params).filter((k) => k !== 'sign').sort().map((k) => `${k}=${params[k]}`).join('&');
    expect(createVerify('RSA-SHA256').update(text).verify(keys.alipayMerchant.publicKey, params.sign, 'base64')).toBe(true);
  });

  it('uses mobile website pay for the mobile channel', () => {
    const url = new URL(alipayPayUrl(config, order, { ...request, channel: 'mobile' }, new Date()));
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', quit_url: 'https://shop.example/checkout' });
  });
});
