import { describe, expect, it } from 'vitest';
import { translate, type Language } from '../../../src/shared/i18n/index.js';
import { describeError } from '../../../src/web/lib/api-messages.js';
import { ApiError } from '../../../src/web/lib/http.js';

const describe_ = (lang: Language, error: unknown) => describeError(error, (key, values) => translate(lang, key, values), lang);

describe('what a reader is told about a call that failed', () => {
  it('says the reader is offline, in their language, not the client’s code word', () => {
    const offline = new ApiError('Offline', 0, 'offline');
    expect(describe_('en', offline)).toBe('You are offline. Try again once you are back online.');
    expect(describe_('zh-CN', offline)).toBe('你已离线，恢复网络后再试。');
  });

  it('says a call took too long in the reader’s language, with the time waited', () => {
    const timeout = new ApiError('timeout of 10000ms exceeded', 0, 'timeout');
    expect(describe_('en', timeout)).toBe('The server took too long to answer (10000 ms). Try again.');
    expect(describe_('zh-CN', timeout)).toBe('服务器响应超时（10000 毫秒），请重试。');
  });

  it('keeps the server’s own words for a refusal it explains', () => {
    expect(describe_('zh-CN', new ApiError('title: Too long.', 400, 'invalid'))).toBe('title: Too long.');
    expect(describe_('zh-CN', new ApiError('Boom', 502, 'http_error'))).toBe('请求失败，状态码 502');
  });
});
