import { createHmac, timingSafeEqual } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureMatches } from '../../../src/server/modules/sso/discourse-connect.js';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { setAvatarUrl, setContact } from '../../../src/server/modules/users/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPremiumProduct, createUser, tokenFor } from '../helpers/factories.js';

const SECRET = 'forum-connect-secret-0123456789';
const FORUM = 'http://forum.lectern.test';
const RETURN_URL = `${FORUM}/session/sso_login`;

/** Written apart from the server's code: HMAC-SHA256 over the base64 text, lower-case hex. */
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** A request as the forum builds it: the fields as a query string, in base64, signed with the shared secret. */
function forumRequest(fields: Record<string, string>, secret = SECRET) {
  const sso = Buffer.from(new URLSearchParams(fields).toString()).toString('base64');
  return { sso, sig: hmac(secret, sso) };
}

let nonceSeq = 0;
const nonce = () => `n${process.pid}x${(nonceSeq += 1)}cafe`;

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ discourseUrl: FORUM, discourseConnectSecret: SECRET, communitySlackUrl: 'https://join.slack.com/t/lectern/shared_invite/abc' });
  bare = await createTestApp();
});

const signIn = (query: Record<string, string>, token?: string, app: TestApp = t) => app.api('GET', '/user/sso/discourse', { token, query });

/** The answer payload in a redirect URL, after checking its signature independently. */
function answerOf(redirectUrl: string): { url: URL; fields: Record<string, string> } {
  const url = new URL(redirectUrl);
  const sso = url.searchParams.get('sso')!;
  const sig = url.searchParams.get('sig')!;
  expect(sig).toMatch(/^[0-9a-f]{64}$/);
  expect(sig).toBe(hmac(SECRET, sso));
  expect(sso).not.toMatch(/[\r\n]/);
  return { url, fields: Object.fromEntries(new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'))) };
}

describe('GET user/sso/discourse', () => {
  it('needs a bearer token (401), checked before anything else', async () => {
    const res = await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }));
    expect(res.statusCode).toBe(401);
    expect((await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), undefined, bare)).statusCode).toBe(401);
    expect((await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), 'not-a-token')).statusCode).toBe(401);
  });

  it('answers 404 saying so while the forum or its secret is not configured', async () => {
    const token = await tokenFor(bare, await createUser(bare));
    const res = await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), token, bare);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not configured/);
  });

  it("signs the reader in: the forum's nonce, e-mail, external id, username and name, signed back to the return URL", async () => {
    const user = await createUser(t, { display_name: 'Ada Lovelace', email_verified: true });
    const token = await tokenFor(t, user);
    const n = nonce();
    const res = await signIn(forumRequest({ nonce: n, return_sso_url: RETURN_URL }), token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const { url, fields } = answerOf(res.json().redirect_url);
    expect(`${url.origin}${url.pathname}`).toBe(RETURN_URL);
    expect(fields).toEqual({
      nonce: n,
      email: user.email,
      external_id: String(user.id),
      username: user.username,
      name: 'Ada Lovelace',
      remove_groups: 'premium',
    });
  });

  it('asks the forum for activation while the e-mail is not verified', async () => {
    const token = await tokenFor(t, await createUser(t, { email_verified: false }));
    const res = await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), token);
    expect(res.statusCode).toBe(200);
    expect(answerOf(res.json().redirect_url).fields.require_activation).toBe('true');
  });

  it('adds premium members to the premium group and sends the avatar as an absolute URL', async () => {
    const user = await createUser(t, { email_verified: true });
    const product = await createPremiumProduct(t);
    await grantMembership(t.app.ctx, user.id, product.id, { kind: 'staff', reference: `sso-${user.id}` });
    await setAvatarUrl(t.app.ctx, user.id, '/uploads/avatars/abc123.webp');
    const token = await tokenFor(t, user);
    const res = await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), token);
    const { fields } = answerOf(res.json().redirect_url);
    expect(fields.add_groups).toBe('premium');
    expect(fields.remove_groups).toBeUndefined();
    expect(fields.avatar_url).toBe('http://lectern.test/uploads/avatars/abc123.webp');
    expect(fields.require_activation).toBeUndefined();

    await setAvatarUrl(t.app.ctx, user.id, 'https://images.example.com/me.png');
    const again = await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), token);
    expect(answerOf(again.json().redirect_url).fields.avatar_url).toBe('https://images.example.com/me.png');
  });

  it('keeps the query of the return URL and accepts the line breaks some encoders put in the base64', async () => {
    const token = await tokenFor(t, await createUser(t));
    const plain = forumRequest({ nonce: nonce(), return_sso_url: `${RETURN_URL}?from=topic` });
    const wrapped = `${plain.sso.slice(0, 8)}\n${plain.sso.slice(8)}\n`;
    const res = await signIn({ sso: wrapped, sig: hmac(SECRET, wrapped) }, token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = answerOf(res.json().redirect_url);
    expect(url.searchParams.get('from')).toBe('topic');
  });

  it('checks the signature over the base64 text as sent: a "+" left unescaped in the URL stays a "+"', async () => {
    const token = await tokenFor(t, await createUser(t));
    // "~" (0x7E) as the third byte of a group of three is "+" in base64; "nonce=" is six bytes long.
    const sso = Buffer.from(`nonce=~~~${nonce()}&return_sso_url=${encodeURIComponent(RETURN_URL)}`).toString('base64');
    expect(sso).toContain('+');
    const request = { sso, sig: hmac(SECRET, sso) };
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/user/sso/discourse?sso=${request.sso.replace(/=/g, '%3D')}&sig=${request.sig}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a bad signature with 403: another secret, a changed payload, a malformed or short signature', async () => {
    const token = await tokenFor(t, await createUser(t));
    const good = forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL });
    const changed = forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL });
    const cases = [
      forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }, 'another-secret-0123456789'),
      { sso: changed.sso, sig: good.sig },
      { sso: good.sso, sig: good.sig.slice(0, 62) },
      { sso: good.sso, sig: `${good.sig}00` },
      { sso: good.sso, sig: 'z'.repeat(64) },
      { sso: good.sso, sig: Buffer.from(good.sig, 'hex').toString('base64') },
    ];
    for (const query of cases) {
      const res = await signIn(query, token);
      expect(res.statusCode, JSON.stringify(query)).toBe(403);
      expect(res.json().message).toMatch(/secret/);
    }
  });

  it('answers 400 naming the field for a malformed payload or a return URL off the forum', async () => {
    const token = await tokenFor(t, await createUser(t));
    const signed = (text: string) => ({ sso: text, sig: hmac(SECRET, text) });
    const cases: Array<[Record<string, string>, string]> = [
      [{ sig: 'a'.repeat(64) }, 'sso'],
      [{ sso: forumRequest({ nonce: nonce() }).sso }, 'sig'],
      [signed('bm9uY2U9YWJj$'), 'sso'],
      [signed('not base64!'), 'sso'],
      [signed(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64')), 'sso'],
      [forumRequest({ return_sso_url: RETURN_URL }), 'nonce'],
      [forumRequest({ nonce: 'x'.repeat(300), return_sso_url: RETURN_URL }), 'nonce'],
      [forumRequest({ nonce: nonce() }), 'return_sso_url'],
      [forumRequest({ nonce: nonce(), return_sso_url: 'https://evil.example/session/sso_login' }), 'return_sso_url'],
      [forumRequest({ nonce: nonce(), return_sso_url: 'http://forum.lectern.test.evil.example/sso' }), 'return_sso_url'],
      [forumRequest({ nonce: nonce(), return_sso_url: 'https://forum.lectern.test/session/sso_login' }), 'return_sso_url'],
      [forumRequest({ nonce: nonce(), return_sso_url: '/session/sso_login' }), 'return_sso_url'],
      [forumRequest({ nonce: nonce(), return_sso_url: 'javascript:alert(1)' }), 'return_sso_url'],
    ];
    for (const [query, field] of cases) {
      const res = await signIn(query, token);
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(400);
      expect(res.json().fields, JSON.stringify(query)).toHaveProperty(field);
    }
    const badEscape = await t.app.inject({ method: 'GET', url: `/api/v2/user/sso/discourse?sso=abc%E0%A4%A&sig=${'a'.repeat(64)}`, headers: { authorization: `Bearer ${token}` } });
    expect(badEscape.statusCode).toBe(400);
  });

  it('refuses an account without an e-mail address (409 naming email): the forum needs one', async () => {
    const user = await createUser(t);
    await setContact(t.app.ctx, user, { email: `${user.id}-x@no-email.invalid`, email_verified: 0 });
    const res = await signIn(forumRequest({ nonce: nonce(), return_sso_url: RETURN_URL }), await tokenFor(t, user));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('email');
  });

  it('accepts a forum under a path of its host: the return URL only has to share its origin', async () => {
    const sub = await createTestApp({ discourseUrl: 'http://lectern.test/forum', discourseConnectSecret: SECRET });
    const token = await tokenFor(sub, await createUser(sub));
    const res = await signIn(forumRequest({ nonce: nonce(), return_sso_url: 'http://lectern.test/forum/session/sso_login' }), token, sub);
    expect(res.statusCode, res.body).toBe(200);
    expect((await sub.api('GET', '/community')).json()).toEqual({ forum_url: 'http://lectern.test/forum', slack_url: null, forum_sso: true });
  });
});

describe('the signature comparison', () => {
  it('always compares 32 bytes in constant time, whatever the signature looks like', () => {
    const sso = forumRequest({ nonce: 'abc', return_sso_url: RETURN_URL }).sso;
    const equal = vi.fn((a: Buffer, b: Buffer) => timingSafeEqual(a, b));
    const sigs = [hmac(SECRET, sso), hmac(SECRET, sso).toUpperCase(), hmac('other-secret-0123456789', sso), 'abc', '', 'g'.repeat(64), `${hmac(SECRET, sso)}ff`];
    const results = sigs.map((sig) => signatureMatches(SECRET, sso, sig, equal));
    expect(results).toEqual([true, true, false, false, false, false, false]);
    expect(equal).toHaveBeenCalledTimes(sigs.length);
    for (const [a, b] of equal.mock.calls) {
      expect(a.length).toBe(32);
      expect(b.length).toBe(32);
    }
  });
});

describe('GET community', () => {
  it('names the forum and the Slack invite as configured, and null for what is not', async () => {
    const res = await t.api('GET', '/community');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ forum_url: FORUM, slack_url: 'https://join.slack.com/t/lectern/shared_invite/abc', forum_sso: true });
    expect((await bare.api('GET', '/community')).json()).toEqual({ forum_url: null, slack_url: null, forum_sso: false });
  });
});
