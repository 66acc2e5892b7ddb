import { describe, expect, it } from 'vitest';
import { devProviderAvailable, readDevToken, signDevToken, verifyDevForm } from '../../../src/server/modules/payments/dev.js';
import { alipayProvider } from '../../../src/server/modules/payments/alipay.js';
import { wechatpayProvider } from '../../../src/server/modules/payments/wechatpay.js';
import { assertPaymentKeys } from '../../../src/server/modules/payments/service.js';
import { providerEnv, providerKeys, testConfig } from './fixtures.js';

const SECRET = 's'.repeat(48);
const claims = { o: 'L1', a: 2500, u: 7, n: 1, x: 2_000_000_000, r: 'abc' };

describe('test payment tokens', () => {
  it('round-trip, and refuse forgery, another secret, expiry and junk', () => {
    const token = signDevToken(SECRET, claims);
    expect(readDevToken(SECRET, token, 1_900_000_000)).toEqual(claims);
    expect(readDevToken(SECRET, token, 2_000_000_000)).toEqual({ problem: 'token expired' });
    expect(readDevToken('t'.repeat(48), token, 1_900_000_000)).toEqual({ problem: 'token signature does not verify' });
    const [, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...claims, o: 'L2' })).toString('base64url');
    expect(readDevToken(SECRET, `${other}.${mac}`, 1_900_000_000)).toEqual({ problem: 'token signature does not verify' });
    expect(readDevToken(SECRET, 'junk', 1_900_000_000)).toEqual({ problem: 'token malformed' });
  });

  it('turn a posted pay or fail into a verdict with the link as trade number', () => {
    const config = testConfig();
    const token = signDevToken(config.secretKey, claims);
    expect(verifyDevForm(config, `token=${token}&action=pay`, 1_900_000_000)).toEqual({
      kind: 'paid',
      state: 'PAID',
      buyer: 7,
      receipt: { provider: 'dev', providerTradeNo: 'DEV-abc', orderNumber: 'L1', amount: 2500 },
    });
    expect(verifyDevForm(config, `token=${token}&action=fail`, 1_900_000_000).kind).toBe('unpaid');
    expect(verifyDevForm(config, `token=${token}&action=refund`, 1_900_000_000).kind).toBe('rejected');
    expect(verifyDevForm(config, `token=${token}x&action=pay`, 1_900_000_000)).toMatchObject({ kind: 'rejected', status: 403 });
  });
});

describe('payment configuration', () => {
  it('hides a provider without its keys or outside CNY', () => {
    const bare = testConfig();
    expect(alipayProvider.available(bare)).toBe(false);
    expect(wechatpayProvider.available(bare)).toBe(false);
    const keyed = testConfig(providerEnv(providerKeys()));
    expect(alipayProvider.available(keyed)).toBe(true);
    expect(wechatpayProvider.available(keyed)).toBe(true);
    expect(keyed.wechatpay.platformKeys.map((k) => k.serial)).toHaveLength(2);
    expect(keyed.wechatpay.privateKey).toContain('\n');
    const usd = testConfig({ ...providerEnv(providerKeys()), CURRENCY: 'USD' });
    expect(alipayProvider.available(usd)).toBe(false);
  });

  it('reads every configured key at start, and names the setting of one that cannot be read (never its text)', () => {
    expect(() => assertPaymentKeys(testConfig(providerEnv(providerKeys())))).not.toThrow();
    expect(() => assertPaymentKeys(testConfig({ ...providerEnv(providerKeys()), ALIPAY_PUBLIC_KEY: 'bm90IGEga2V5' }))).toThrow('Invalid configuration: ALIPAY_PUBLIC_KEY is not a readable RSA key (PEM or base64).');
    const broken = providerKeys().wechatMerchant.privatePem.replace('MII', 'MIX');
    expect(() => assertPaymentKeys(testConfig({ ...providerEnv(providerKeys()), WECHATPAY_PRIVATE_KEY: broken }))).toThrow(/^Invalid configuration: WECHATPAY_PRIVATE_KEY is not a readable RSA key/);
  });

  it('needs as many platform serials as keys, and a 32-character APIv3 key', () => {
    expect(() => testConfig({ WECHATPAY_PLATFORM_PUBLIC_KEY: 'a,b', WECHATPAY_PLATFORM_SERIAL: 'x' })).toThrow(/as many entries/);
    expect(() => testConfig({ WECHATPAY_APIV3_KEY: 'short' })).toThrow(/WECHATPAY_APIV3_KEY/);
  });

  it('turns the test payment page on in demo mode, off otherwise, and refuses it in production outside demo mode', () => {
    expect(devProviderAvailable(testConfig({}, { demoMode: true }))).toBe(true);
    expect(devProviderAvailable(testConfig({}, { demoMode: false }))).toBe(false);
    expect(testConfig({ DEMO_MODE: '1' }, { demoMode: undefined }).paymentDevProvider).toBe(true);
    expect(testConfig({ DEMO_MODE: '0' }, { demoMode: undefined }).paymentDevProvider).toBe(false);
    expect(testConfig({ PAYMENT_DEV_PROVIDER: '1' }).paymentDevProvider).toBe(true);
    expect(() => testConfig({ NODE_ENV: 'production', DEMO_MODE: '0', PAYMENT_DEV_PROVIDER: '1' }, { demoMode: undefined })).toThrow(/refused in production/);
    expect(devProviderAvailable(testConfig({}, { env: 'production', demoMode: false, paymentDevProvider: true }))).toBe(false);
    expect(devProviderAvailable(testConfig({}, { env: 'production', demoMode: true, paymentDevProvider: true }))).toBe(true);
  });
});
