import type { ReactNode } from 'react';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import type { Language } from '../../../src/shared/i18n/index.js';
import { fakeApi } from './fixtures.js';

/** The app's providers, with the API answered from a table. */
export function testApp(options: { lang?: Language; routes?: Record<string, unknown> } = {}) {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: fakeApi(options.routes ?? {}) });
  const queryClient = createQueryClient();
  const env = { http, lang: options.lang ?? 'en', colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  return {
    http,
    queryClient,
    wrap: (children: ReactNode) => (
      <AppProviders env={env} queryClient={queryClient}>
        {children}
      </AppProviders>
    ),
  };
}
