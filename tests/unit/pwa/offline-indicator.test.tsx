// @vitest-environment jsdom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppEnvProvider, type AppEnv } from '../../../src/web/app/context.js';
import { createQueryClient } from '../../../src/web/app/app-shell.js';
import { OfflineIndicator } from '../../../src/web/features/pwa/offline-indicator.js';
import { OfflineView } from '../../../src/web/features/pwa/offline-view.js';
import { pageTitleOf } from '../../../src/web/features/pwa/saved-articles.js';

const env = (lang: AppEnv['lang']): AppEnv => ({
  http: undefined as unknown as AppEnv['http'],
  lang,
  colorMode: 'system',
  publicUrl: 'https://lectern.test',
  siteName: 'Lectern',
});

function wrap(children: ReactNode, lang: AppEnv['lang'] = 'en', client = new QueryClient()) {
  return (
    <AppEnvProvider env={env(lang)}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/article/5']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </AppEnvProvider>
  );
}

let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** Cache Storage as the worker leaves it: one article API answer and one stored article page. */
function fakeCaches() {
  const entries: Record<string, Record<string, () => Response>> = {
    'lectern-api': {
      'https://lectern.test/api/v2/article/5': () => Response.json({ id: 5, title: 'Five from the API' }),
      'https://lectern.test/api/v2/article/related/5?limit=6': () => Response.json([]),
    },
    'lectern-pages': {
      'https://lectern.test/article/8': () => new Response('<html><head><title>Eight · Lectern</title></head><body><main><h1>Eight from the page</h1></main></body></html>'),
      'https://lectern.test/': () => new Response('<main><h1>Lectern</h1></main>'),
    },
  };
  return {
    has: async (name: string) => name in entries,
    open: async (name: string) => ({
      keys: async () => Object.keys(entries[name]).map((url) => new Request(url)),
      match: async (req: Request | string) => entries[name][typeof req === 'string' ? req : req.url]?.(),
    }),
  };
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('queries while the browser is offline', () => {
  it('are sent once anyway, so the worker can answer from the device', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    const queryFn = vi.fn(async () => 'stored answer');
    await expect(client.fetchQuery({ queryKey: ['article', 5], queryFn })).resolves.toBe('stored answer');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('would wait for the network without it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    onlineManager.setOnline(false);
    const queryFn = vi.fn(async () => 'stored answer');
    const outcome = await Promise.race([client.fetchQuery({ queryKey: ['article', 5], queryFn }), new Promise((resolve) => setTimeout(() => resolve('paused'), 50))]);
    expect(outcome).toBe('paused');
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe('the offline indicator', () => {
  it('shows while the browser is offline and lists the saved articles', async () => {
    vi.stubGlobal('caches', fakeCaches());
    render(wrap(<OfflineIndicator />));
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    setOnline(false);
    expect(region.textContent).toContain('Offline copy');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Saved articles' }));
    });
    const links = (await screen.findAllByRole('link')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Eight from the page', '/article/8'],
      ['Five from the API', '/article/5'],
    ]);
    setOnline(true);
    expect(region.textContent).toBe('');
  });

  it('says when nothing is saved, in Chinese for a zh-CN reader', async () => {
    vi.stubGlobal('caches', { has: async () => false, open: async () => undefined });
    online = false;
    render(wrap(<OfflineIndicator />, 'zh-CN'));
    expect(screen.getByRole('status').textContent).toContain('离线副本');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '已保存的文章' }));
    });
    expect(await screen.findByText('本设备上还没有保存的文章。')).toBeTruthy();
  });
});

describe('the offline view', () => {
  it('says the page is not saved, with a retry, in the reader’s language', () => {
    render(wrap(<OfflineView />, 'zh-CN'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('你已离线');
    expect(screen.getByText('此页面尚未保存到本设备。恢复联网后即可再次打开。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('reads a stored page’s title from its heading, else its document title', () => {
    expect(pageTitleOf('<title>Doc · Lectern</title><main><h1> The heading </h1></main>')).toBe('The heading');
    expect(pageTitleOf('<title>Doc · Lectern</title><main></main>')).toBe('Doc');
  });
});
