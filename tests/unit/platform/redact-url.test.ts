import { describe, expect, it } from 'vitest';
import { isSecretParamName, redactUrl, serializeRequest } from '../../../src/server/platform/redact-url.js';

describe('log URL redaction', () => {
  it('replaces the value of the private feed token', () => {
    expect(redactUrl('/rss.xml?token=abc.def.ghi')).toBe('/rss.xml?token=[redacted]');
  });

  it('keeps other parameters, their order and their encoding', () => {
    expect(redactUrl('/search?q=caf%C3%A9&page=2&access_token=xyz&lang=en')).toBe('/search?q=caf%C3%A9&page=2&access_token=[redacted]&lang=en');
  });

  it('matches every secret-like name anywhere in it, whatever its case', () => {
    for (const name of ['password', 'Token', 'code', 'API_KEY', 'client_secret', 'sig', 'Signature', 'sso', 'refresh', 'ACCESS', 'new_password1']) {
      expect(isSecretParamName(name), name).toBe(true);
      expect(redactUrl(`/x?${name}=s3cr3t&a=1`)).toBe(`/x?${name}=[redacted]&a=1`);
    }
    for (const name of ['q', 'page', 'next', 'lang', 'uid']) expect(isSecretParamName(name), name).toBe(false);
  });

  it('recognises an encoded name and redacts a repeated one each time', () => {
    expect(redactUrl('/reset?uid=4&%74oken=one&token=two')).toBe('/reset?uid=4&%74oken=[redacted]&token=[redacted]');
  });

  it('leaves URLs without a query, names without a value and malformed encodings alone', () => {
    expect(redactUrl('/article/12')).toBe('/article/12');
    expect(redactUrl('/x?token')).toBe('/x?token');
    expect(redactUrl('/x?%E0%A4%A=1&code=9')).toBe('/x?%E0%A4%A=1&code=[redacted]');
    expect(redactUrl('/x?code=9#part')).toBe('/x?code=[redacted]#part');
  });

  it('redacts the secret segment of the mailbox, admin preview and e-mail confirmation paths', () => {
    expect(redactUrl('/dev/mailbox/s3cret/42')).toBe('/dev/mailbox/[redacted]/42');
    expect(redactUrl('/article/adminpreview/s3cret/7?x=1&token=t')).toBe('/article/adminpreview/[redacted]/7?x=1&token=[redacted]');
    expect(redactUrl('/verify_email/abc.def')).toBe('/verify_email/[redacted]');
    // The API calls behind those pages: the preview page's loader checks its secret through the API.
    expect(redactUrl('/api/v2/article/adminpreview-secret/s3cret')).toBe('/api/v2/article/adminpreview-secret/[redacted]');
    expect(redactUrl('/api/v2/dev/mailbox/s3cret/42')).toBe('/api/v2/dev/mailbox/[redacted]/42');
    expect(redactUrl('/api/v2/article/42')).toBe('/api/v2/article/42');
    expect(redactUrl('/article/7')).toBe('/article/7');
  });

  it('is what the request log line holds', () => {
    const line = serializeRequest({
      method: 'GET',
      url: '/rss.xml?token=abc',
      headers: {},
      host: 'lectern.test',
      ip: '127.0.0.1',
      socket: { remotePort: 5000 },
    });
    expect(line).toEqual({ method: 'GET', url: '/rss.xml?token=[redacted]', version: undefined, host: 'lectern.test', remoteAddress: '127.0.0.1', remotePort: 5000 });
  });
});
