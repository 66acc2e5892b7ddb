import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenInvalid } from '../../../src/server/platform/errors.js';
import { createTokenSigner } from '../../../src/server/platform/tokens.js';

const SECRET = 'a test secret that is long enough to sign tokens';
const signer = createTokenSigner(SECRET);
const forge = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));

async function refusal(token: string, type: 'access' | 'refresh' = 'access'): Promise<string> {
  const err = await signer.verify(token, type).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenInvalid);
  return (err as TokenInvalid).message;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token signer', () => {
  it('reproduces a refresh token byte for byte from its jti, iat and exp, at any later time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 12, 0, 0, 900));
    const original = await signer.sign('refresh', 7, 3600, { session: 'family-1' });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 12, 0, 5, 100));
    const { jti, iat, exp } = original.claims;
    const again = await signer.sign('refresh', 7, exp - iat, { session: 'family-1', jti, iat });
    expect(again.token).toBe(original.token);
  });

  it('puts the session in access tokens as sid and in refresh tokens as family', async () => {
    const access = await signer.sign('access', 7, 300, { session: 's1' });
    const refresh = await signer.sign('refresh', 7, 300, { session: 's1' });
    expect(await signer.verify(access.token, 'access')).toMatchObject({ user_id: 7, sid: 's1' });
    expect(await signer.verify(refresh.token, 'refresh')).toMatchObject({ user_id: 7, family: 's1' });
    expect(await refusal(refresh.token, 'access')).toMatch(/wrong type/);
    expect(await refusal(access.token, 'refresh')).toMatch(/wrong type/);
  });

  it('refuses a token that lacks exp, iat, jti, user_id or its session', async () => {
    const { claims } = await signer.sign('access', 7, 300, { session: 's1' });
    expect(await signer.verify(await forge({ ...claims }), 'access')).toMatchObject({ sid: 's1' });
    for (const missing of ['exp', 'iat', 'jti', 'user_id', 'sid']) {
      const { [missing as keyof typeof claims]: _dropped, ...rest } = claims;
      await refusal(await forge(rest));
    }
  });

  it('refuses an expired token, an unsigned one and one signed with another key', async () => {
    const { token, claims } = await signer.sign('access', 7, 300, { session: 's1' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((claims.exp + 1) * 1000);
    expect(await refusal(token)).toMatch(/expired/);
    vi.useRealTimers();
    await refusal(new UnsecuredJWT({ ...claims }).encode());
    await refusal(await createTokenSigner(`${SECRET}, but another`).sign('access', 7, 300, { session: 's1' }).then((s) => s.token));
  });

  it('keeps refusing a verified token once it expires, and a token differing from a verified one by one byte', async () => {
    const { token, claims } = await signer.sign('access', 7, 300, { session: 's1' });
    expect(await signer.verify(token, 'access')).toMatchObject({ user_id: 7 });
    expect(await signer.verify(token, 'access')).toMatchObject({ user_id: 7 });
    const [head, body, signature] = token.split('.');
    const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    await refusal(`${head}.${body}.${flip(signature, 3)}`);
    const raised = Buffer.from(JSON.stringify({ ...claims, user_id: 8 })).toString('base64url');
    await refusal(`${head}.${raised}.${signature}`);
    expect(await refusal(token, 'refresh')).toMatch(/wrong type/);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(claims.exp * 1000);
    expect(await refusal(token)).toMatch(/expired/);
    vi.setSystemTime((claims.exp - 1) * 1000);
    expect(await signer.verify(token, 'access')).toMatchObject({ user_id: 7 });
  });
});
