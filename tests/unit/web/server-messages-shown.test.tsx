// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseOutline } from '../../../src/shared/api/courses.js';
import type { Language } from '../../../src/shared/i18n/index.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { CourseAction } from '../../../src/web/features/courses/components/course-action.js';
import { BasketNotices } from '../../../src/web/features/shop/components/basket-notices.js';
import { ApiError, createHttpClient } from '../../../src/web/lib/http.js';
import { describeServerError, localiseServerText } from '../../../src/web/ui/forms/server-messages.js';
import { jsonResponse } from './test-app.js';

/* Server messages shown outside forms (a basket notice, a button's inline error) reach a Chinese reader in Chinese. */

afterEach(() => {
  cleanup();
});

describe('localiseServerText', () => {
  it('puts a message with parts the server filled in (a count, a title, a code) in Chinese, parts kept', () => {
    expect(localiseServerText('basket: Only 2 of "Green tea" in stock.', 'zh-CN')).toBe('“Green tea”库存只剩 2 件。');
    expect(localiseServerText('The voucher "SPRING" has expired.', 'zh-CN')).toBe('优惠码“SPRING”已过期。');
    expect(localiseServerText('Spend at least ¥50.00 on the products it covers.', 'zh-CN')).toBe('适用商品需满 ¥50.00。');
    expect(localiseServerText('This basket is no longer open; it cannot change.', 'zh-CN')).toBe('这个购物车已不能再修改。');
  });

  it('leaves English, and texts the catalogue does not know, as they are', () => {
    expect(localiseServerText('The voucher "SPRING" has expired.', 'en')).toBe('The voucher "SPRING" has expired.');
    expect(localiseServerText('quantity: Something new happened.', 'zh-CN')).toBe('quantity: Something new happened.');
    expect(localiseServerText('Only  in stock', 'zh-CN')).toBe('Only  in stock');
  });
});

describe('describeServerError', () => {
  const t = (key: string) => `[${key}]`;
  it('describes a refused call in the reader’s language, and keeps the app’s own words for failures that are not answers', () => {
    const refused = new ApiError('This course is for premium members.', 403, 'forbidden');
    expect(describeServerError(refused, t, 'zh-CN')).toBe('这门课程仅限高级会员。');
    expect(describeServerError(refused, t, 'en')).toBe('This course is for premium members.');
    expect(describeServerError(new ApiError('Authentication credentials were not provided.', 401, 'not_authenticated'), t, 'zh-CN')).toBe('请先登录。');
    expect(describeServerError(new ApiError('Boom', 500, 'server_error'), t, 'zh-CN')).toBe('[http.status]');
    expect(describeServerError(new TypeError('fetch failed'), t, 'zh-CN')).toBe('[http.network]');
  });
});

function providers(lang: Language, api: (request: Request) => Promise<Response> = async () => jsonResponse({}, 404)) {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api });
  const env = { http, lang, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  return ({ children }: { children: React.ReactNode }) => (
    <AppProviders env={env} queryClient={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>
  );
}

describe('a basket notice of a refused change', () => {
  const notice = { id: 1, owner: 6, code: 'refused', title: 'Green tea', old: null, new: null, currency: 'CNY', reason: 'Only 2 in stock.', at: '2026-01-01T00:00:00Z' };

  it('gives the server’s reason in Chinese to a Chinese reader', async () => {
    render(<BasketNotices notices={[notice]} onDismiss={() => undefined} />, { wrapper: providers('zh-CN') });
    expect((await screen.findByRole('listitem')).textContent).toBe('对“Green tea”的更改被拒绝：库存只剩 2 件。');
  });

  it('and in the server’s words to an English reader', async () => {
    render(<BasketNotices notices={[notice]} onDismiss={() => undefined} />, { wrapper: providers('en') });
    expect((await screen.findByRole('listitem')).textContent).toBe('A change to “Green tea” was refused: Only 2 in stock.');
  });
});

describe('enrolling in a course the server refuses', () => {
  const course = { id: 7, title: 'Tea', access: 'premium', can_read: true, enrolled: false, products: [] } as unknown as CourseDetail;
  const outline = { lessons: [{ id: 70, title: 'One' }] } as unknown as CourseOutline;
  const refuse = async () => jsonResponse({ error: 'forbidden', message: 'This course is for premium members.' }, 403);

  it('says why in Chinese beside the button', async () => {
    render(<CourseAction course={course} outline={outline} viewer={6} progress={undefined} checking={false} progressOffline={false} />, { wrapper: providers('zh-CN', refuse) });
    fireEvent.click(await screen.findByRole('button', { name: '报名' }));
    expect((await screen.findByRole('alert')).textContent).toBe('报名失败：这门课程仅限高级会员。');
  });
});
