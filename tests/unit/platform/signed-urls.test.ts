import { describe, expect, it } from 'vitest';
import { attachmentHeader } from '../../../src/server/platform/attachment.js';
import { expiryAfter, urlSigner } from '../../../src/server/platform/signed-urls.js';

const SECRET = 'a-secret-key-of-at-least-thirty-two-chars';
const NOW = 1_800_000_000;

describe('urlSigner', () => {
  const signer = urlSigner(SECRET, 'downloads');
  const sig = signer.signatureOf('/api/v2/x/1', NOW + 60);

  it('accepts its own signature of the same path until the expiry', () => {
    expect(sig).toMatch(/^[\w-]{43}$/);
    expect(signer.isValid('/api/v2/x/1', String(NOW + 60), sig, NOW)).toBe(true);
    expect(signer.isValid('/api/v2/x/1', String(NOW + 60), sig, NOW + 60)).toBe(true);
  });

  it('refuses another path, another expiry, a passed expiry, a changed signature, another purpose or secret', () => {
    expect(signer.isValid('/api/v2/x/2', String(NOW + 60), sig, NOW)).toBe(false);
    expect(signer.isValid('/api/v2/x/1', String(NOW + 61), sig, NOW)).toBe(false);
    expect(signer.isValid('/api/v2/x/1', String(NOW + 60), sig, NOW + 61)).toBe(false);
    expect(signer.isValid('/api/v2/x/1', String(NOW + 60), `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, NOW)).toBe(false);
    expect(signer.isValid('/api/v2/x/1', String(NOW + 60), sig.slice(1), NOW)).toBe(false);
    expect(signer.isValid('/api/v2/x/1', `${NOW + 60}.0`, sig, NOW)).toBe(false);
    expect(urlSigner(SECRET, 'member-media').isValid('/api/v2/x/1', String(NOW + 60), sig, NOW)).toBe(false);
    expect(urlSigner(`${SECRET}!`, 'downloads').isValid('/api/v2/x/1', String(NOW + 60), sig, NOW)).toBe(false);
  });

  it('ends links on the next whole period plus one: the same all period, one to two periods long', () => {
    expect(expiryAfter(7200, 3600)).toBe(14_400);
    expect(expiryAfter(10_799, 3600)).toBe(14_400);
    expect(expiryAfter(10_800, 3600)).toBe(18_000);
  });
});

describe('attachmentHeader', () => {
  it('names a plain ASCII file in `filename` alone', () => {
    expect(attachmentHeader('workbook.pdf')).toBe('attachment; filename="workbook.pdf"');
  });

  it('adds the exact name as RFC 5987 `filename*` for other names, with an ASCII stand-in', () => {
    expect(attachmentHeader('阅读 习惯.pdf')).toBe(`attachment; filename="__ __.pdf"; filename*=UTF-8''%E9%98%85%E8%AF%BB%20%E4%B9%A0%E6%83%AF.pdf`);
    expect(attachmentHeader('say "hi" (1).pdf')).toBe(`attachment; filename="say _hi_ (1).pdf"; filename*=UTF-8''say%20%22hi%22%20%281%29.pdf`);
    expect(attachmentHeader("it's 100%.zip")).toBe(`attachment; filename="it's 100_.zip"; filename*=UTF-8''it%27s%20100%25.zip`);
  });
});
