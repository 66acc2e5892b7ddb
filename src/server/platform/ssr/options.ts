import type { ViteDevServer } from 'vite';
import type { RenderRequest, RenderResult } from '../../../web/entry-server.js';

export type RenderFn = (req: RenderRequest) => Promise<RenderResult>;

export interface SsrOptions {
  mode: 'production' | 'development';
  /** Loads the server entry: the bundled module in production, Vite's ssrLoadModule in development. */
  loadRender?: () => Promise<RenderFn>;
  vite?: ViteDevServer;
}

export const ONE_YEAR_SECONDS = 365 * 24 * 3600;
