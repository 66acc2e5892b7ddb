import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ColorMode } from '../lib/color-mode.js';
import type { HttpClient } from '../lib/http.js';
import { messagesVersion, subscribeToMessages, translate, type Language, type MessageKey } from '../../shared/i18n/index.js';

export interface AppEnv {
  http: HttpClient;
  lang: Language;
  colorMode: ColorMode;
  /** Public base URL for canonical links and JSON-LD. */
  publicUrl: string;
  siteName: string;
}

const AppEnvContext = createContext<AppEnv | null>(null);

export function AppEnvProvider({ env, children }: { env: AppEnv; children: ReactNode }) {
  return <AppEnvContext.Provider value={env}>{children}</AppEnvContext.Provider>;
}

export function useAppEnv(): AppEnv {
  const env = useContext(AppEnvContext);
  if (!env) throw new Error('AppEnvProvider is missing');
  return env;
}

export function useHttp(): HttpClient {
  return useAppEnv().http;
}

const serverVersion = () => 0;

/** The language and its `t`; renders again when more of the catalogue arrives (see `primeMessages`). */
export function useI18n() {
  const { lang } = useAppEnv();
  const version = useSyncExternalStore(subscribeToMessages, messagesVersion, serverVersion);
  return useMemo(
    // `version` names the catalogue the texts came from: a new one makes a new `t`, so memoised texts follow.
    () => ({ lang, version, t: (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars) }),
    [lang, version],
  );
}
