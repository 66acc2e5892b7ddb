import { isServer, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import type { Messages } from '../../shared/i18n/index.js';
import type { RouterHydration } from '../lib/boot-data.js';
import { AppEnvProvider, type AppEnv } from './context.js';

export const QUERY_STALE_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // "offlineFirst": a query is sent once even while the browser says it is offline, so the service worker
      // can answer from the device (the default "online" mode pauses it until the connection returns, and an
      // in-app navigation offline would wait for ever).
      // On the server a client lives for one render: no garbage-collection timer may keep it (and every answer
      // it holds) alive after the page is sent.
      queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: isServer ? Infinity : 24 * 3600 * 1000, retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    },
  });
}

/** Providers shared by SSR and the browser, so both render the same tree. */
export function AppProviders({ env, queryClient, children }: { env: AppEnv; queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppEnvProvider env={env}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppEnvProvider>
    </StrictMode>
  );
}

/** What the server hands to the browser in the boot-data JSON element (see `lib/boot-data.ts`). */
export interface BootData {
  /** The dehydrated query cache. */
  state: unknown;
  /** The router's loader data and route errors, so hydration starts where the server rendered. */
  router: RouterHydration;
  lang: AppEnv['lang'];
  colorMode: AppEnv['colorMode'];
  publicUrl: string;
  siteName: string;
  /** The messages of the reader's language the page shows at first (the rest of the catalogue loads later). */
  messages?: Partial<Messages>;
}
