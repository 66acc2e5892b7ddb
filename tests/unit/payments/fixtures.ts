import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../../src/server/config.js';

/**
 * Keys made for the test and the providers' formulas written out from their documentation, independent of the
 * code under test: Alipay signs the sorted `k=v` string of a notification (less `sign` and `sign_type`) with
 * SHA256withRSA; WeChat Pay signs `timestamp\nnonce\nbody\n` and encrypts `resource` with AES-256-GCM.
 */
export function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    /** Bare base64 PKCS#1, the way Alipay's key tool hands a private key out. */
    privatePkcs1Base64: privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    /** Bare base64 SPKI, the way Alipay's console shows its public key. */
    publicBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey,
    publicKey,
  };
}

export type RsaPair = ReturnType<typeof rsaPair>;

export const ALIPAY_APP_ID = '2021000000000001';
export const ALIPAY_SELLER_ID = '2088000000000002';
export const WECHAT_MCHID = '1900000109';
export const WECHAT_APPID = 'wxd678efh567hg6787';
export const WECHAT_APIV3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';
export const WECHAT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const PLATFORM_SERIAL = 'PUB_KEY_ID_0112345678901234567890';

export interface ProviderKeys {
  alipayMerchant: RsaPair;
  alipayPlatform: RsaPair;
  wechatMerchant: RsaPair;
  wechatPlatform: RsaPair;
  wechatPlatformOld: RsaPair;
}

let cachedKeys: ProviderKeys | undefined;
export function providerKeys(): ProviderKeys {
  cachedKeys ??= { alipayMerchant: rsaPair(), alipayPlatform: rsaPair(), wechatMerchant: rsaPair(), wechatPlatform: rsaPair(), wechatPlatformOld: rsaPair() };
  return cachedKeys;
}

/** The environment of a site with both providers configured (the WeChat platform keys as a rotation list). */
export function providerEnv(keys: ProviderKeys, wechatGateway = 'http://127.0.0.1:9'): Record<string, string> {
  return {
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: keys.alipayMerchant.privatePkcs1Base64,
    ALIPAY_PUBLIC_KEY: keys.alipayPlatform.publicBase64,
    ALIPAY_SELLER_ID,
    ALIPAY_GATEWAY: 'https://openapi.alipay.test/gateway.do',
    WECHATPAY_MCHID: WECHAT_MCHID,
    WECHATPAY_APPID: WECHAT_APPID,
    WECHATPAY_APIV3_KEY: WECHAT_APIV3_KEY,
    WECHATPAY_PRIVATE_KEY: keys.wechatMerchant.privatePem.replace(/\n/g, '\\n'),
    WECHATPAY_SERIAL_NO: WECHAT_SERIAL,
    WECHATPAY_PLATFORM_PUBLIC_KEY: `${keys.wechatPlatformOld.publicPem},${keys.wechatPlatform.publicPem}`,
    WECHATPAY_PLATFORM_SERIAL: `OLD0000000000000000000000000000000000000,${PLATFORM_SERIAL}`,
    WECHATPAY_GATEWAY: wechatGateway,
  };
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lectern-payments-unit',
      DATABASE_URL: 'sqlite::memory:',
      PUBLIC_URL: 'https://shop.example',
      SECRET_KEY: 's'.repeat(48),
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      ADMIN_PREVIEW_SECRET: 'p'.repeat(24),
      DEV_MAILBOX_SECRET: 'm'.repeat(24),
      ...env,
    },
    { demoMode: false, ...overrides },
  );
}

/** Alipay's notification signature, written from its documentation. */
export function alipaySign(params: Record<string, string>, privateKey: RsaPair['privateKey']): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
}

/** A notification form body as Alipay posts it: signed, then form-encoded once (spaces as `+`). */
export function alipayNotificationBody(params: Record<string, string>, privateKey: RsaPair['privateKey'], signType = 'RSA2'): string {
  const sign = alipaySign(params, privateKey);
  return new URLSearchParams({ ...params, sign_type: signType, sign }).toString();
}

export function alipayNotificationParams(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    gmt_create: '2026-11-26 10:00:00',
    charset: 'utf-8',
    seller_email: 'shop@example.com',
    subject: 'Type Modelling in TypeScript',
    buyer_id: '2088102122524333',
    invoice_amount: '99.00',
    notify_id: `2026112600222100000${Math.floor(Math.random() * 1e6)}`,
    fund_bill_list: '[{"amount":"99.00","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '99.00',
    app_id: ALIPAY_APP_ID,
    buyer_pay_amount: '99.00',
    seller_id: ALIPAY_SELLER_ID,
    gmt_payment: '2026-11-26 10:00:05',
    notify_time: '2026-11-26 10:00:06',
    version: '1.0',
    out_trade_no: 'L2026112600001',
    total_amount: '99.00',
    trade_no: `2026112622001400000${Math.floor(Math.random() * 1e6)}`,
    auth_app_id: ALIPAY_APP_ID,
    buyer_logon_id: 'buy***@example.com',
    point_amount: '0.00',
    ...overrides,
  };
}

export interface WechatTransaction {
  out_trade_no: string;
  transaction_id?: string;
  total?: number;
  mchid?: string;
  appid?: string;
  trade_state?: string;
}

/** A WeChat Pay notification: the resource encrypted under the APIv3 key, the envelope signed by the platform. */
export function wechatNotification(
  transaction: WechatTransaction,
  options: { key?: RsaPair['privateKey']; serial?: string; timestamp?: number; eventType?: string; apiV3Key?: string; signature?: string } = {},
) {
  const plain = JSON.stringify({
    mchid: transaction.mchid ?? WECHAT_MCHID,
    appid: transaction.appid ?? WECHAT_APPID,
    out_trade_no: transaction.out_trade_no,
    transaction_id: transaction.transaction_id ?? `4200000${randomBytes(8).toString('hex')}`,
    trade_type: 'NATIVE',
    trade_state: transaction.trade_state ?? 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: '2026-11-26T10:00:05+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: transaction.total ?? 9900, payer_total: transaction.total ?? 9900, currency: 'CNY', payer_currency: 'CNY' },
  });
  const nonce = randomBytes(6).toString('hex');
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key ?? WECHAT_APIV3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-11-26T10:00:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce },
  });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const headerNonce = randomBytes(16).toString('hex');
  const signature =
    options.signature ??
    createSign('RSA-SHA256')
      .update(`${timestamp}\n${headerNonce}\n${body}\n`, 'utf8')
      .sign(options.key ?? providerKeys().wechatPlatform.privateKey, 'base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': options.serial ?? PLATFORM_SERIAL,
      'wechatpay-signature': signature,
    } as Record<string, string>,
  };
}
