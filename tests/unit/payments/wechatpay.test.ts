import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptResource,
  placeWechatpayOrder,
  verifyWechatpayNotification,
  wechatpayDescription,
  wechatpayTime,
} from '../../../src/server/modules/payments/wechatpay.js';
import type { StartRequest } from '../../../src/server/modules/payments/provider.js';
import { PLATFORM_SERIAL, WECHAT_APPID, WECHAT_MCHID, WECHAT_SERIAL, providerEnv, providerKeys, testConfig, wechatNotification } from './fixtures.js';

const keys = providerKeys();
const config = testConfig(providerEnv(keys));
const nowSeconds = () => Math.floor(Date.now() / 1000);
const verify = (n: { headers: Record<string, string>; body: string }, at = nowSeconds()) => verifyWechatpayNotification(config, n.headers, n.body, at);

describe('WeChat Pay notification verification', () => {
  it('accepts a notification signed by a configured platform key and decrypts its resource', () => {
    const verdict = verify(wechatNotification({ out_trade_no: 'L1', transaction_id: '4200001', total: 9900 }));
    expect(verdict).toEqual({ kind: 'paid', state: 'SUCCESS', receipt: { provider: 'wechatpay', providerTradeNo: '4200001', orderNumber: 'L1', amount: 9900 } });
  });

  it('accepts any platform key of a rotation by its serial, and refuses an unknown serial', () => {
    const old = wechatNotification({ out_trade_no: 'L1' }, { key: keys.wechatPlatformOld.privateKey, serial: 'OLD0000000000000000000000000000000000000' });
    expect(verify(old).kind).toBe('paid');
    const unknown = wechatNotification({ out_trade_no: 'L1' }, { serial: 'PUB_KEY_ID_9999' });
    expect(verify(unknown)).toEqual({ kind: 'rejected', reason: 'Wechatpay-Serial PUB_KEY_ID_9999 is not a configured platform key', status: 401 });
    const wrongKey = wechatNotification({ out_trade_no: 'L1' }, { key: keys.wechatPlatformOld.privateKey });
    expect(verify(wrongKey)).toMatchObject({ reason: 'signature does not verify' });
  });

  it('refuses a timestamp 300 s or more away, either way', () => {
    const at = nowSeconds();
    expect(verify(wechatNotification({ out_trade_no: 'L1' }, { timestamp: at - 299 }), at).kind).toBe('paid');
    expect(verify(wechatNotification({ out_trade_no: 'L1' }, { timestamp: at - 300 }), at)).toMatchObject({ reason: expect.stringContaining('300 s'), status: 401 });
    expect(verify(wechatNotification({ out_trade_no: 'L1' }, { timestamp: at + 300 }), at).kind).toBe('rejected');
  });

  it('refuses signature probes and missing headers', () => {
    expect(verify(wechatNotification({ out_trade_no: 'L1' }, { signature: 'WECHATPAY/SIGNTEST/abc' }))).toMatchObject({ reason: expect.stringContaining('SIGNTEST'), status: 401 });
    const n = wechatNotification({ out_trade_no: 'L1' });
    delete n.headers['wechatpay-nonce'];
    expect(verify(n)).toMatchObject({ kind: 'rejected', status: 401 });
  });

  it('verifies the raw body: one changed byte, even in JSON white space, is refused', () => {
    const n = wechatNotification({ out_trade_no: 'L1' });
    expect(verify({ ...n, body: n.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') })).toMatchObject({ reason: 'signature does not verify' });
    expect(verify({ ...n, body: `${n.body} ` })).toMatchObject({ reason: 'signature does not verify' });
  });

  it('checks the merchant, the app, the state, the event and the key the resource is encrypted with', () => {
    expect(verify(wechatNotification({ out_trade_no: 'L1', mchid: '1900000999' }))).toMatchObject({ reason: 'mchid is not ours', status: 400 });
    expect(verify(wechatNotification({ out_trade_no: 'L1', appid: 'wx0000000000000000' }))).toMatchObject({ reason: 'appid is not ours' });
    expect(verify(wechatNotification({ out_trade_no: 'L1', trade_state: 'NOTPAY' }))).toMatchObject({ kind: 'rejected' });
    expect(verify(wechatNotification({ out_trade_no: 'L1' }, { eventType: 'REFUND.SUCCESS' }))).toMatchObject({ kind: 'rejected' });
    expect(verify(wechatNotification({ out_trade_no: 'L1' }, { apiV3Key: 'x'.repeat(32) }))).toMatchObject({ reason: expect.stringContaining('decrypt') });
  });

  it('decrypts with AES-256-GCM and refuses a forged tag', () => {
    expect(decryptResource('k'.repeat(32), { algorithm: 'AEAD_AES_256_GCM', ciphertext: Buffer.alloc(40).toString('base64'), nonce: 'abcdefabcdef', associated_data: '' })).toBeUndefined();
    expect(decryptResource('k'.repeat(32), { algorithm: 'AES_CBC', ciphertext: 'AAAA', nonce: 'n' })).toBeUndefined();
  });
});

describe('WeChat Pay formats', () => {
  it('writes RFC 3339 China time and cuts descriptions to 127 bytes by whole characters', () => {
    expect(wechatpayTime(new Date('2026-11-26T16:30:05Z'))).toBe('2026-11-27T00:30:05+08:00');
    const cut = wechatpayDescription('课'.repeat(60));
    expect(Buffer.byteLength(cut)).toBe(126);
    expect(cut).toBe('课'.repeat(42));
  });
});

describe('WeChat Pay orders against a stand-in gateway', () => {
  let gateway: ReturnType<typeof createServer>;
  let base = '';
  const seen: { path: string; authorization: string; body: string }[] = [];
  let answer: (path: string) => { status: number; body: string; sign: 'good' | 'bad' | 'none' } = (path) => ({
    status: 200,
    body: JSON.stringify(path.endsWith('/native') ? { code_url: 'weixin://wxpay/bizpayurl?pr=abc' } : { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2' }),
    sign: 'good',
  });

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      void readBody(request).then((body) => {
        seen.push({ path: request.url ?? '', authorization: request.headers.authorization ?? '', body });
        const a = answer(request.url ?? '');
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(8).toString('hex');
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (a.sign !== 'none') {
          headers['wechatpay-timestamp'] = timestamp;
          headers['wechatpay-nonce'] = nonce;
          headers['wechatpay-serial'] = PLATFORM_SERIAL;
          const key = a.sign === 'good' ? keys.wechatPlatform.privateKey : keys.wechatMerchant.privateKey;
          headers['wechatpay-signature'] = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${a.body}\n`).sign(key, 'base64');
        }
        response.writeHead(a.status, headers).end(a.body);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  const order = { number: 'L20261126W', title: 'Premium membership', total: 2500, currency: 'CNY', user_id: 1, expires_at: '2026-11-26T03:30:00.000Z' };
  const request: StartRequest = { channel: 'pc', attempt: 1, clientIp: '203.0.113.5', notifyUrl: 'https://shop.example/api/v2/pay/wechatpay/notify', returnUrl: 'https://shop.example/pay_success?number=L20261126W', quitUrl: 'https://shop.example/checkout' };

  it('places a Native order with a v3 Authorization header our public key verifies, and returns its code_url', async () => {
    const local = testConfig(providerEnv(keys, base));
    const start = await placeWechatpayOrder(local, order, request, Date.now);
    expect(start).toEqual({ kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
    const call = seen.at(-1)!;
    expect(call.path).toBe('/v3/pay/transactions/native');
    expect(JSON.parse(call.body)).toEqual({ appid: WECHAT_APPID, mchid: WECHAT_MCHID, description: 'Premium membership', out_trade_no: 'L20261126W', time_expire: '2026-11-26T11:30:00+08:00', notify_url: request.notifyUrl, amount: { total: 2500, currency: 'CNY' } });
    const auth = /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(call.authorization)!;
    expect(auth).not.toBeNull();
    expect(auth[1]).toBe(WECHAT_MCHID);
    expect(auth[5]).toBe(WECHAT_SERIAL);
    const message = `POST\n/v3/pay/transactions/native\n${auth[4]}\n${auth[2]}\n${call.body}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(keys.wechatMerchant.publicKey, auth[3], 'base64')).toBe(true);
  });

  it('places an H5 order with the buyer address and hands back the page with our return address', async () => {
    const local = testConfig(providerEnv(keys, base));
    const start = await placeWechatpayOrder(local, order, { ...request, channel: 'mobile' }, Date.now);
    expect(start).toEqual({ kind: 'h5', url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=${encodeURIComponent(request.returnUrl)}` });
    expect(JSON.parse(seen.at(-1)!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.5', h5_info: { type: 'Wap' } });
  });

  it('refuses an answer that is unsigned or signed by another key, and reports a refusal', async () => {
    const local = testConfig(providerEnv(keys, base));
    answer = () => ({ status: 200, body: '{"code_url":"weixin://forged"}', sign: 'bad' });
    await expect(placeWechatpayOrder(local, order, request, Date.now)).rejects.toMatchObject({ status: 502, message: expect.stringContaining('signature does not verify') });
    answer = () => ({ status: 200, body: '{"code_url":"weixin://forged"}', sign: 'none' });
    await expect(placeWechatpayOrder(local, order, request, Date.now)).rejects.toMatchObject({ status: 502 });
    answer = () => ({ status: 400, body: '{"code":"PARAM_ERROR","message":"bad"}', sign: 'good' });
    await expect(placeWechatpayOrder(local, order, request, Date.now)).rejects.toMatchObject({ status: 502, message: 'WeChat Pay refused the order (PARAM_ERROR).' });
  });

  it('reports an unreachable gateway as a 502', async () => {
    const local = testConfig(providerEnv(keys, 'http://127.0.0.1:9'));
    await expect(placeWechatpayOrder(local, order, request, Date.now)).rejects.toMatchObject({ status: 502, message: 'WeChat Pay could not be reached. Try again.' });
  });
});
