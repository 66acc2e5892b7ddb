import { FOOTER_PAGES_PATH, type FooterPage } from '../../../shared/api/pages-paths.js';
import type { RouteDeps } from '../../app/routes.js';

export type { FooterPage };

/**
 * The site's own pages every footer links (terms, privacy...), in the reader's language: the root route's data,
 * one call that the server answers from its guest cache until a page changes. None when the call fails (offline,
 * for instance): a footer is never worth failing a page for.
 */
export function loadFooterPages({ http, lang = 'en' }: RouteDeps): Promise<FooterPage[]> {
  // With the reader's token when there is one: the answer is the same for everyone.
  return http.get<FooterPage[]>(FOOTER_PAGES_PATH, { lang }).catch(() => []);
}
