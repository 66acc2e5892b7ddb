import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/shared/i18n/en.js';
import { zhCN } from '../../../src/shared/i18n/zh-CN.js';
import { recordMessages, translate, type MessageKey } from '../../../src/shared/i18n/index.js';
import { render } from '../../../src/web/entry-server.js';
import { firstPaintMessages } from '../../../src/web/lib/i18n.js';
import { fakeApi, freeArticle } from './fixtures.js';

const ALL = Object.keys(en) as MessageKey[];

function Texts({ keys }: { keys: MessageKey[] }) {
  return <p>{keys.map((key) => translate('en', key)).join(' ')}</p>;
}

describe('the messages a server-rendered page hands to the browser', () => {
  it('records the keys a render translated, and only during that render', () => {
    const { result, keys } = recordMessages(() => renderToString(<Texts keys={['nav.home', 'nav.search']} />));
    expect(result).toContain('Home Search');
    expect([...keys].sort()).toEqual(['nav.home', 'nav.search']);
    translate('en', 'nav.about');
    expect(keys.has('nav.about')).toBe(false);
  });

  it('keeps the namespaces used, those every form needs and those shown just after hydration, in the reader’s language, and no others', () => {
    const messages = firstPaintMessages('zh-CN', ['nav.home', 'login.title'], ALL);
    expect(messages['nav.home']).toBe(zhCN['nav.home']);
    // A namespace comes whole: the login page's refusal, kept as text in the form, is there before the catalogue.
    expect(messages['nav.about']).toBe(zhCN['nav.about']);
    expect(messages['login.invalidCredentials']).toBe(zhCN['login.invalidCredentials']);
    expect(messages['http.network']).toBe(zhCN['http.network']);
    expect(Object.keys(messages).some((key) => key.startsWith('validation.'))).toBe(true);
    // The account corner once the session is read, the offline indicator, the update prompt, the paywall.
    for (const key of ['auth.logout', 'auth.yourAccount', 'update.reload', 'offline.notice'] as const) expect(messages[key]).toBe(zhCN[key]);
    expect(Object.keys(messages).some((key) => key.startsWith('paywall.'))).toBe(true);
    expect(messages['playground.response']).toBeUndefined();
    expect(messages['signup.title']).toBeUndefined();
    expect(Object.keys(messages).length).toBeLessThan(ALL.length / 4);
  });

  it('puts an article page’s texts into its boot data, without the rest of the catalogue', async () => {
    const result = await render({
      url: '/article/41',
      headers: { accept: 'application/json' },
      fetch: fakeApi({ '/api/v2/article/41': freeArticle, '/api/v2/article/related/41': [] }),
      lang: 'en',
      colorMode: 'system',
      publicUrl: 'https://lectern.example',
      siteName: 'Lectern',
    });
    if (result.type !== 'html') throw new Error('expected a page');
    expect(result.status).toBe(200);
    expect(result.html).toContain(freeArticle.title);
    const messages = result.boot.messages ?? {};
    // The header's and footer's texts are in the page and in its messages.
    expect(result.html).toContain(en['nav.topics']);
    expect(messages['nav.topics']).toBe(en['nav.topics']);
    expect(messages['footer.about']).toBe(en['footer.about']);
    expect(messages['signup.title']).toBeUndefined();
    expect(messages['playground.response']).toBeUndefined();
  });
});
