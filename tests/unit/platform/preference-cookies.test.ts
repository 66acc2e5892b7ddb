import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeColorModeCookie } from '../../../src/web/lib/color-mode.js';
import { writeLanguageCookie } from '../../../src/web/lib/language.js';
import { preferenceCookie } from '../../../src/web/lib/preference-cookie.js';

const YEARISH = 356 * 24 * 3600;

/** A page whose boot data names `publicUrl` (or carries none, like the offline shell), recording cookies set. */
function fakeDocument(publicUrl: string | null, origin = 'http://localhost:8000') {
  const cookies: string[] = [];
  const doc = {
    set cookie(value: string) {
      cookies.push(value);
    },
    documentElement: { dataset: {} as Record<string, string> },
    location: { origin },
    getElementById: (id: string) => (id === 'lectern-boot' && publicUrl ? { textContent: JSON.stringify({ publicUrl }) } : null),
  };
  vi.stubGlobal('document', doc);
  return { cookies, doc };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('preference cookies', () => {
  it('are Secure only for an https site, 356 days and SameSite=Lax either way', () => {
    expect(preferenceCookie('color_mode', 'dark', 'http://lectern.lan:8000')).toBe(`color_mode=dark; Max-Age=${YEARISH}; Path=/; SameSite=Lax`);
    expect(preferenceCookie('color_mode', 'dark', 'https://lectern.example')).toBe(`color_mode=dark; Max-Age=${YEARISH}; Path=/; SameSite=Lax; Secure`);
    expect(preferenceCookie('lang', 'zh-CN', 'HTTPS://lectern.example')).toBe(`lang=zh-CN; Max-Age=${YEARISH}; Path=/; SameSite=Lax; Secure`);
  });

  it('colour mode: follows the public URL in the boot data and applies the mode', () => {
    const plain = fakeDocument('http://192.168.1.20:8000');
    writeColorModeCookie('dark');
    expect(plain.cookies).toEqual([`color_mode=dark; Max-Age=${YEARISH}; Path=/; SameSite=Lax`]);
    expect(plain.doc.documentElement.dataset.colorMode).toBe('dark');

    const tls = fakeDocument('https://lectern.example');
    writeColorModeCookie('light');
    expect(tls.cookies).toEqual([`color_mode=light; Max-Age=${YEARISH}; Path=/; SameSite=Lax; Secure`]);
  });

  it('language: the same rules, the page origin when there is no boot data', () => {
    const plain = fakeDocument('http://lectern.lan');
    writeLanguageCookie('zh-CN');
    expect(plain.cookies).toEqual([`lang=zh-CN; Max-Age=${YEARISH}; Path=/; SameSite=Lax`]);

    const tls = fakeDocument('https://lectern.example');
    writeLanguageCookie('en');
    expect(tls.cookies).toEqual([`lang=en; Max-Age=${YEARISH}; Path=/; SameSite=Lax; Secure`]);

    const offline = fakeDocument(null, 'https://lectern.example');
    writeLanguageCookie('en');
    expect(offline.cookies).toEqual([`lang=en; Max-Age=${YEARISH}; Path=/; SameSite=Lax; Secure`]);
  });
});
