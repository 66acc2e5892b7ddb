import { z } from 'zod';
import { SSO_PAYLOAD_MAX } from './sso-paths.js';

export * from './sso-paths.js';

/**
 * The forum's request as it arrives. The format of `sso` and `sig` is checked by the service on the raw query
 * (decoded once, so a `+` of the base64 stays a `+`), since the signature is over the exact base64 text.
 */
export const discourseQuery = z.object({
  sso: z.string().min(1, 'The forum sent no payload.').max(SSO_PAYLOAD_MAX, `The payload is longer than ${SSO_PAYLOAD_MAX} characters.`),
  sig: z.string().min(1, 'The forum sent no signature.').max(256, 'The signature is too long.'),
});

/** Where to send the browser: the forum's return URL with the signed answer (`sso`, `sig`) in its query. */
export const discourseRedirect = z.object({ redirect_url: z.string() });
export type DiscourseRedirect = z.infer<typeof discourseRedirect>;

/** The community's places: the forum's address and the Slack invite, each null while not configured. */
export const communityInfo = z.object({
  forum_url: z.string().nullable(),
  slack_url: z.string().nullable(),
  /** True when the forum signs readers in with their account here (DiscourseConnect is configured). */
  forum_sso: z.boolean(),
});
export type CommunityInfo = z.infer<typeof communityInfo>;
