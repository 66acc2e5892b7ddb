// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverMessagesZh } from '../../../src/shared/i18n/server-messages.js';
import { ApiError } from '../../../src/web/lib/http.js';
import { localiseApiError, localiseServerText } from '../../../src/web/ui/forms/server-messages.js';
import { answerCallsWith, jsonResponse, renderRoutesAt } from './test-app.js';

/* A Chinese reader sees the server's refusals beside a form in Chinese, and a refused confirmation link says why plainly. */

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('the catalogue of server messages', () => {
  it('holds only texts the server still sends, each translated', () => {
    // The server's own texts, and the contracts' field checks it answers with.
    const server = [...sources(path.resolve('src/server')), ...sources(path.resolve('src/shared/api'))].map((file) => readFileSync(file, 'utf8')).join('\n');
    // A `{name}` part of a key is a `${...}` the server fills in.
    const sent = (key: string) =>
      new RegExp(key.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\$\\{[^\\n]+?\\}')).test(server);
    const stale = Object.keys(serverMessagesZh).filter((text) => !sent(text));
    expect(stale).toEqual([]);
    for (const [english, chinese] of Object.entries(serverMessagesZh)) {
      expect(chinese, english).toMatch(/[\u4e00-\u9fff]/);
      const parts = (text: string) => Array.from(text.matchAll(/\{\w+\}/g), (m) => m[0]);
      // A translation puts back only parts its key has (it may leave one out: an English status word, say).
      expect(parts(chinese).filter((part) => !parts(english).includes(part)), english).toEqual([]);
    }
  });
});

describe('the back office’s refusals', () => {
  it('read in Chinese, the names of what uses a picture or document put in as they are', () => {
    expect(localiseServerText('This picture is shown by page "Our office"; give it another picture first.', 'zh-CN')).toBe('这张图片正在使用中：page "Our office"。请先给它换一张图片。');
    expect(localiseServerText('This document is the file of "Field Guide", "Atlas"; give those products another document first.', 'zh-CN')).toBe(
      '这个文件是"Field Guide", "Atlas"的下载文件，请先给这些商品换一个文件。',
    );
    expect(localiseServerText('That slug is taken.', 'zh-CN')).toBe('这个网址名已被使用。');
    expect(localiseServerText('Use a number from -1000000 to 1000000.', 'zh-CN')).toBe('请输入 -1000000 到 1000000 之间的数。');
  });
});

describe('localiseApiError', () => {
  const refused = () =>
    new ApiError('old_password: Your old password was entered incorrectly. Please enter it again.', 400, 'invalid', {
      old_password: 'Your old password was entered incorrectly. Please enter it again.',
    });

  it('puts the field messages and the message in Chinese for a Chinese reader, without the field name', () => {
    const shown = localiseApiError(refused(), 'zh-CN') as ApiError;
    expect(shown).toBeInstanceOf(ApiError);
    expect(shown.fields).toEqual({ old_password: '当前密码不正确，请重新输入。' });
    expect(shown.message).toBe('当前密码不正确，请重新输入。');
    expect([shown.status, shown.code]).toEqual([400, 'invalid']);
  });

  it('leaves English, unknown texts, throttling and failures that are not answers as they are', () => {
    const english = refused();
    expect(localiseApiError(english, 'en')).toBe(english);
    const unknown = new ApiError('title: Something new.', 400, 'invalid', { title: 'Something new.' });
    expect((localiseApiError(unknown, 'zh-CN') as ApiError).fields).toEqual({ title: 'Something new.' });
    expect((localiseApiError(unknown, 'zh-CN') as ApiError).message).toBe('title: Something new.');
    const throttled = new ApiError('Complete the captcha first. Try again in 30 seconds', 429, 'throttled');
    expect(localiseApiError(throttled, 'zh-CN')).toBe(throttled);
    const offline = new Error('offline');
    expect(localiseApiError(offline, 'zh-CN')).toBe(offline);
  });

  it('puts a refused order number (/pay_success?number=...) in Chinese, without the field name', () => {
    const refused = new ApiError('number: Not an order number.', 400, 'invalid', { number: 'Not an order number.' });
    const shown = localiseApiError(refused, 'zh-CN') as ApiError;
    expect(shown.message).toBe('这不是有效的订单号。');
    expect(shown.fields).toEqual({ number: '这不是有效的订单号。' });
    expect(localiseApiError(refused, 'en')).toBe(refused);
  });

  it('says what was not found in Chinese, with the thing’s name translated where the catalogue knows it', () => {
    expect(localiseServerText('Order not found.', 'zh-CN')).toBe('找不到这个订单。');
    expect(localiseServerText('Basket line not found.', 'zh-CN')).toBe('找不到购物车中的这一项。');
    expect((localiseApiError(new ApiError('Order not found.', 404, 'not_found'), 'zh-CN') as ApiError).message).toBe('找不到这个订单。');
    // A name it does not know stays as sent, in the Chinese sentence; English is untouched.
    expect(localiseServerText('Sitemap not found.', 'zh-CN')).toBe('找不到Sitemap。');
    expect(localiseServerText('Order not found.', 'en')).toBe('Order not found.');
  });
});

async function api(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace('/api/v2', '');
  if (path === '/rest-auth/registration/verify-email/') {
    return jsonResponse({ error: 'invalid', message: 'key: This confirmation link is not valid.', fields: { key: 'This confirmation link is not valid.' } }, 400);
  }
  return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
}

function renderAt(at: string, lang: 'en' | 'zh-CN') {
  renderRoutesAt(at, api, { lang });
}

const slow = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

answerCallsWith(api);
afterEach(() => {
  cleanup();
});

describe('/verify_email/{key} with a key the server refuses', () => {
  it('says why in Chinese to a Chinese reader', async () => {
    renderAt('/verify_email/zh-refused-key', 'zh-CN');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('无法确认该邮箱：这个确认链接无效。');
  });

  it('says why in plain English, without the field name', async () => {
    renderAt('/verify_email/en-refused-key', 'en');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('The address could not be confirmed: This confirmation link is not valid.');
  });
});
