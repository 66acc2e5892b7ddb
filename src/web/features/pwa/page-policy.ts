/*
 * Which navigations are kept for offline reading, apart from the caches' plugins (`cache-policy.ts`): the page's
 * record of seen pages reads it too, without the worker's response helpers.
 */

/** Pages (and their API calls) that are never kept offline: staff previews. */
export const ADMIN_PREVIEW = /^\/(api\/v2\/)?article\/adminpreview(-secret)?\//;

/**
 * Account pages whose query string may hold what a visitor typed or was sent: a username sent back by a
 * failed login form (and, from a form sent by GET before the app ran, a password), a reset link's token,
 * single sign-on tickets. Their page with a query is never stored; the bare page is.
 */
const ACCOUNT_PAGES = /^\/(login|signup|lostpassword|reset|verify_email|sso)(\/|$)/;
/** The e-mail confirmation page carries its key in the path itself. */
const KEY_IN_PATH = /^\/verify_email\/./;

/**
 * Navigations whose HTML is kept for offline reading: every page but the API, feeds, previews, and account
 * pages that carry personal values or secrets in their URL.
 */
export function isCacheablePage(url: URL): boolean {
  if (url.search !== '' && ACCOUNT_PAGES.test(url.pathname)) return false;
  if (KEY_IN_PATH.test(url.pathname)) return false;
  return !url.pathname.startsWith('/api/') && !ADMIN_PREVIEW.test(url.pathname) && !/\.(xml|txt|json)$/.test(url.pathname);
}
