import { createHash } from 'node:crypto';
import { createChallenge, solveChallenge, verifyServerSignature } from 'altcha-lib/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fetchChallenge, solve, solvedCaptcha, type Challenge } from './solve.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const verify = (payload: string, extra: object = {}) => t.api('POST', '/captcha/verify', { body: { payload, ...extra } });

/** A challenge signed with our key but made by hand (another algorithm, a past expiry, a set number). */
async function handMade(options: Partial<Parameters<typeof createChallenge>[0]> = {}): Promise<Challenge> {
  const c = await createChallenge({ hmacKey: t.config.altchaHmacKey, maxnumber: 1000, expires: new Date(Date.now() + 60_000), ...options });
  return { ...c, maxnumber: c.maxnumber ?? 1000 };
}

describe('captcha/challenge', () => {
  it('answers a v1 challenge with an expiry in the salt, never cached', async () => {
    const res = await t.api('GET', '/captcha/challenge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const c = res.json();
    expect(c.algorithm).toBe('SHA-256');
    expect(c.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.maxnumber).toBe(1000);
    expect(c.salt).toMatch(/\?expires=\d+&$/);
    const expires = Number(/expires=(\d+)/.exec(c.salt)![1]);
    expect(expires * 1000).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
    expect(res.headers['x-altcha-config']).toBeUndefined();
  });

  it('points the widget at the verify call in spam-filter mode', async () => {
    const res = await t.api('GET', '/captcha/challenge', { headers: { 'x-altcha-spam-filter': '1' } });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(String(res.headers['x-altcha-config']))).toEqual({ verifyurl: 'http://lectern.test/api/v2/captcha/verify' });
  });
});

describe('captcha/verify', () => {
  it('accepts a solution once and answers a receipt that verifies as a server signature', async () => {
    const payload = await solvedCaptcha(t);
    const res = await verify(payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.verified).toBe(true);
    expect(body.expire).toBeGreaterThan(Date.now() / 1000);
    const check = await verifyServerSignature(body.payload, t.config.altchaHmacKey);
    expect(check.verified).toBe(true);
    expect(check.verificationData?.expire).toBe(body.expire);

    const replay = await verify(payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fields.payload).toMatch(/already used/);
  });

  it('records the form fields hash, e-mail domain and IP of spam-filter mode in the receipt', async () => {
    const res = await verify(await solvedCaptcha(t), { fields: { name: 'Ann', message: 'Hello' }, email: '@example.com', ipAddress: 'auto' });
    expect(res.statusCode).toBe(200);
    const data = new URLSearchParams(decode(res.json().payload).verificationData);
    expect(data.get('fields')).toBe('name,message');
    expect(data.get('fieldsHash')).toBe(createHash('sha256').update('Ann\nHello').digest('hex'));
    expect(data.get('email')).toBe('@example.com');
    expect(data.get('ipAddress')).toBe('127.0.0.1');
    expect(data.get('classification')).toBeNull();
  });

  it('refuses a wrong number, a forged signature and a test-mode payload', async () => {
    const c = await fetchChallenge(t);
    const good = decode(await solve(c));
    for (const bad of [
      { ...good, number: good.number + 1 },
      { ...good, signature: 'f'.repeat(64) },
      { ...good, test: true },
    ]) {
      const res = await verify(encode(bad));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.payload).toBe('Verification failed. Try again later.');
    }
  });

  it('refuses an expired challenge with the widget message', async () => {
    const c = await handMade({ expires: new Date(Date.now() - 1000) });
    const res = await verify(await solve(c));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.payload).toBe('Verification expired. Try again.');
  });

  it('refuses a challenge of ours made without an expiry', async () => {
    const c = await handMade({ expires: undefined });
    const res = await verify(await solve(c));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.payload).toBe('Verification failed. Try again later.');
  });

  it('accepts SHA-512 and refuses other algorithms, short challenges and short salts (SPEC section 5)', async () => {
    expect((await verify(await solve(await handMade({ algorithm: 'SHA-512' })))).statusCode).toBe(200);
    const good = decode(await solve(await fetchChallenge(t)));
    const cases: [object, string][] = [
      [{ ...good, algorithm: 'SHA-1' }, 'Unknown algorithm value.'],
      [{ ...good, challenge: 'abc' }, 'Challenge is too short. Min. 40 chars.'],
      [{ ...good, salt: 'short&' }, 'Salt is too short. Min. 10 chars.'],
      [{ ...good, signature: '' }, 'Signature is required.'],
    ];
    for (const [bad, message] of cases) {
      const res = await verify(encode(bad));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.payload).toBe(message);
    }
  });

  it('names the payload when it is missing or not base64 JSON', async () => {
    expect((await t.api('POST', '/captcha/verify', { body: {} })).json().fields).toHaveProperty('payload');
    const res = await verify('not-base64-json');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.payload).toBe('Verification failed. Try again later.');
  });

  it('is refused on a second process sharing the database (replays are stored, not remembered)', async () => {
    const other = await buildApp(t.config, { db: t.db, migrate: false, ssr: false });
    await other.ready();
    try {
      const payload = await solvedCaptcha(t);
      expect((await verify(payload)).statusCode).toBe(200);
      const replay = await other.inject({ method: 'POST', url: '/api/v2/captcha/verify', payload: { payload } });
      expect(replay.statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe('captcha helpers', () => {
  it('extract_params reads the salt parameters', async () => {
    const c = await fetchChallenge(t);
    const res = await t.api('POST', '/captcha/extract_params', { body: { payload: await solve(c) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ expires: /expires=(\d+)/.exec(c.salt)![1] });
    const bad = await t.api('POST', '/captcha/extract_params', { body: { payload: encode({ nothing: 1 }) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('payload');
  });

  it('verify_fields_hash checks SHA of the values joined by newlines', async () => {
    const formData = { name: 'Ann', message: 'Hi' };
    const fieldsHash = createHash('sha256').update('Ann\nHi').digest('hex');
    const ok = await t.api('POST', '/captcha/verify_fields_hash', { body: { formData, fields: ['name', 'message'], fieldsHash } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ verified: true });
    const changed = await t.api('POST', '/captcha/verify_fields_hash', { body: { formData: { ...formData, name: 'Bob' }, fields: ['name', 'message'], fieldsHash } });
    expect(changed.json()).toEqual({ verified: false });
    const sha512 = createHash('sha512').update('Ann\nHi').digest('hex');
    const other = await t.api('POST', '/captcha/verify_fields_hash', { body: { formData, fields: ['name', 'message'], fieldsHash: sha512, algorithm: 'SHA-512' } });
    expect(other.json()).toEqual({ verified: true });
    const missing = await t.api('POST', '/captcha/verify_fields_hash', { body: { formData, fieldsHash } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('fields');
  });

  it('verify_server_signature checks a receipt without spending it', async () => {
    const receipt = (await verify(await solvedCaptcha(t))).json().payload;
    for (let i = 0; i < 2; i += 1) {
      const res = await t.api('POST', '/captcha/verify_server_signature', { body: { payload: receipt } });
      expect(res.statusCode).toBe(200);
      expect(res.json().verified).toBe(true);
      expect(res.json().verificationData.verified).toBe(true);
    }
    const forged = { ...decode(receipt), verificationData: `${decode(receipt).verificationData}&score=1` };
    const res = await t.api('POST', '/captcha/verify_server_signature', { body: { payload: encode(forged) } });
    expect(res.json().verified).toBe(false);
  });

  it('solve_challenge finds the number, within the configured cap', async () => {
    const c = await fetchChallenge(t);
    const res = await t.api('POST', '/captcha/solve_challenge', { body: { challenge: c.challenge, salt: c.salt, algorithm: c.algorithm } });
    expect(res.statusCode).toBe(200);
    const expected = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    expect(res.json().number).toBe(expected!.number);

    const beyond = await handMade({ number: 5000, maxnumber: 10_000 });
    const capped = await t.api('POST', '/captcha/solve_challenge', { body: { challenge: beyond.challenge, salt: beyond.salt, maxnumber: 10_000 } });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().fields.challenge).toBe('Unable to find a solution.');
    const short = await t.api('POST', '/captcha/solve_challenge', { body: { challenge: 'abc', salt: c.salt } });
    expect(short.json().fields.challenge).toBe('Challenge is too short. Min. 40 chars.');
  });
});

describe('captcha in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: 'production' });
  });

  it('refuses to solve challenges on the server', async () => {
    const c = await fetchChallenge(prod);
    const res = await prod.api('POST', '/captcha/solve_challenge', { body: { challenge: c.challenge, salt: c.salt } });
    expect(res.statusCode).toBe(403);
  });
});
