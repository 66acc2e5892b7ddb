// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/** Paths of the community and single sign-on calls, relative to API_PREFIX. */
export const ssoPaths = {
  /**
   * GET `?sso=&sig=` (login): the DiscourseConnect answer for the caller, `{redirect_url}` back to the forum.
   * 404 while the forum or its secret is not configured.
   */
  discourse: '/user/sso/discourse',
  /** GET (public): where the community lives, `{forum_url, slack_url}`, each null when not configured. */
  community: '/community',
} as const;

/** The longest `sso` payload accepted (Discourse's own are a few hundred characters). */
export const SSO_PAYLOAD_MAX = 4096;

/**
 * The value of `name` in a query string (its `?` optional), decoded exactly once; undefined when absent. A URL
 * search parser would also read a `+` as a space, which changes the forum's base64 payload that the signature is
 * over. Throws a URIError when the value is not URL-encoded correctly.
 */
export function rawQueryParam(query: string, name: string): string | undefined {
  for (const pair of query.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if ((at === -1 ? pair : pair.slice(0, at)) !== name) continue;
    return decodeURIComponent(at === -1 ? '' : pair.slice(at + 1));
  }
  return undefined;
}
