// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppEnvProvider, type AppEnv } from '../../../src/web/app/context.js';

/** A stand-in for workbox-window's Workbox: records listeners and messages, registers a worker that waits. */
const fake = vi.hoisted(() => ({
  listeners: new Map<string, Array<() => void>>(),
  skipWaiting: 0,
  url: '',
  registration: { waiting: {} as object | null, update: async () => undefined },
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      fake.url = url;
    }
    addEventListener(type: string, listener: () => void) {
      fake.listeners.set(type, [...(fake.listeners.get(type) ?? []), listener]);
    }
    register() {
      return Promise.resolve(fake.registration);
    }
    messageSkipWaiting() {
      fake.skipWaiting += 1;
    }
  },
}));

const emit = (type: string) => act(() => fake.listeners.get(type)?.forEach((l) => l()));

const env = (lang: AppEnv['lang']): AppEnv => ({
  http: undefined as unknown as AppEnv['http'],
  lang,
  colorMode: 'system',
  publicUrl: 'https://lectern.test',
  siteName: 'Lectern',
});

beforeAll(() => {
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterAll(() => {
  vi.unstubAllEnvs();
  cleanup();
});

describe('service worker registration and the update prompt', () => {
  it('registers /sw.js, shows the prompt when a version waits, and activates it on Reload', async () => {
    const { registerServiceWorker } = await import('../../../src/web/features/pwa/register.js');
    const { UpdatePrompt } = await import('../../../src/web/features/pwa/update-prompt.js');
    registerServiceWorker();
    await act(async () => undefined);
    expect(fake.url).toBe('/sw.js');

    render(
      <AppEnvProvider env={env('en')}>
        <UpdatePrompt />
      </AppEnvProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    emit('waiting');
    expect(region.textContent).toContain('A new version is available.');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(fake.skipWaiting).toBe(1);
    // The page reloads only once the new worker controls it.
    expect(reload).not.toHaveBeenCalled();
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('speaks Chinese to a zh-CN reader and can be put off with Later', async () => {
    const { UpdatePrompt } = await import('../../../src/web/features/pwa/update-prompt.js');
    // The version announced in the previous test still waits: the prompt shows at once.
    cleanup();
    render(
      <AppEnvProvider env={env('zh-CN')}>
        <UpdatePrompt />
      </AppEnvProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('有新版本可用。');
    fireEvent.click(screen.getByRole('button', { name: '稍后' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
