import { rawQueryParam } from '../../../shared/api/sso-paths.js';
import type { CommunityInfo, DiscourseRedirect } from '../../../shared/api/sso.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, Conflict, Forbidden, Invalid, TokenInvalid } from '../../platform/errors.js';
import { isPremiumMember, PREMIUM_SLUG } from '../membership/service.js';
import { getUser, hasEmail } from '../users/service.js';
import { decodePayload, encodePayload, isPayloadText, signatureMatches, signPayload } from './discourse-connect.js';

/** The forum group that premium members join (and leave when their membership ends). */
export const PREMIUM_GROUP = PREMIUM_SLUG;
const NONCE_MAX = 256;

/** Where the community lives, as configured: the pages show only what exists. */
export function communityInfo(ctx: AppContext): CommunityInfo {
  const { discourseUrl, discourseConnectSecret, communitySlackUrl } = ctx.config;
  return { forum_url: discourseUrl, slack_url: communitySlackUrl, forum_sso: Boolean(discourseUrl && discourseConnectSecret) };
}

/**
 * The value of `name` in a request URL's query, decoded exactly once. The query parser would also read a `+` as
 * a space, which would change the base64 text the signature is over.
 */
export function rawQueryValue(url: string, name: string): string | undefined {
  try {
    return rawQueryParam(url.includes('?') ? url.slice(url.indexOf('?')) : '', name);
  } catch {
    throw Invalid.field(name, 'The value is not URL-encoded correctly.');
  }
}

/** A stored avatar is a path of this site; the forum needs it absolute, from the public base URL. */
function absoluteUrl(url: string, publicUrl: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The forum's return URL, when it is an http(s) URL on the forum's own origin. */
function allowedReturnUrl(value: string | null, discourseUrl: string): URL {
  if (!value) throw Invalid.field('return_sso_url', 'The payload names no return URL.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw Invalid.field('return_sso_url', 'The return URL is not an absolute URL.');
  }
  if (url.origin !== new URL(discourseUrl).origin) {
    throw Invalid.field('return_sso_url', "The return URL is not on the forum's address (DISCOURSE_URL).");
  }
  return url;
}

/**
 * DiscourseConnect provider (PROTOCOLS.md): checks the forum's signed request and answers where to send the
 * browser: the forum's return URL with the caller's account in a payload signed the same way. The e-mail must be
 * verified here or the forum asks for activation; premium members join the forum's premium group, anyone else
 * leaves it, so the group follows the membership at every sign-in.
 */
export async function discourseSignIn(ctx: AppContext, actor: Actor, request: { sso: string; sig: string }): Promise<DiscourseRedirect> {
  const { discourseUrl, discourseConnectSecret: secret, publicUrl } = ctx.config;
  if (!discourseUrl || !secret) throw new AppError(404, 'not_found', 'Single sign-on to the community forum is not configured on this site.');
  if (!isPayloadText(request.sso)) throw Invalid.field('sso', 'The payload must be base64 text.');
  if (!signatureMatches(secret, request.sso, request.sig)) {
    throw new Forbidden("The forum's signature does not match this payload: the forum and this site must share the same DiscourseConnect secret.");
  }
  const fields = decodePayload(request.sso);
  if (!fields) throw Invalid.field('sso', 'The payload is not base64 of a query string.');
  const nonce = fields.get('nonce') ?? '';
  if (!nonce) throw Invalid.field('nonce', 'The payload has no nonce.');
  if (nonce.length > NONCE_MAX) throw Invalid.field('nonce', `The nonce is longer than ${NONCE_MAX} characters.`);
  const returnUrl = allowedReturnUrl(fields.get('return_sso_url'), discourseUrl);

  const user = await getUser(ctx, actor.id);
  if (!user || !user.is_active) throw new TokenInvalid('User not found or inactive');
  if (!hasEmail(user)) {
    throw new Conflict('Add an e-mail address to your account to join the community forum.', { email: 'The account has no e-mail address.' });
  }
  const premium = await isPremiumMember(ctx, user.id);
  const answer: Record<string, string> = {
    nonce,
    email: user.email,
    external_id: String(user.id),
    username: user.username,
    name: user.display_name || user.username,
  };
  if (user.avatar) answer.avatar_url = absoluteUrl(user.avatar, publicUrl);
  if (premium) answer.add_groups = PREMIUM_GROUP;
  else answer.remove_groups = PREMIUM_GROUP;
  if (user.email_verified !== 1) answer.require_activation = 'true';
  const payload = encodePayload(answer);
  returnUrl.searchParams.set('sso', payload);
  returnUrl.searchParams.set('sig', signPayload(secret, payload));
  return { redirect_url: returnUrl.toString() };
}
