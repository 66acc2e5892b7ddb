import { z } from 'zod';
import { codeField, emailField, mobileField } from './messaging.js';

export * from './users-paths.js';

export const roleSchema = z.enum(['user', 'staff', 'superuser']);
export type Role = z.infer<typeof roleSchema>;

/** Letters (any script), digits, `.`, `_` and `-`; never `@`, so a username cannot pass for an e-mail address. */
export const usernameField = z
  .string()
  .trim()
  .min(2, 'Use at least 2 characters.')
  .max(30, 'Use at most 30 characters.')
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Use letters, digits, ".", "_" or "-" only.');
/**
 * Control characters and the characters that turn the direction of text (U+202A-U+202E, U+2066-U+2069, the marks
 * U+200E, U+200F, U+061C): a name shows inside other text (a comment's byline, a certificate's sentence), which an
 * override would reverse.
 */
const NO_CONTROLS = /^[^\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u;
/** Characters that show as nothing: a zero-width space, a word joiner, a byte-order mark, a soft hyphen. */
const INVISIBLE = /[\u00AD\u180E\u200B\u2060-\u2064\uFEFF]/gu;

/**
 * A display name as it is kept and compared: in Unicode's compatibility form (NFKC: a no-break or full-width space
 * is a space, full-width letters are letters), without invisible characters, its spaces run together and trimmed.
 * Two names that look alike are then equal, so the uniqueness check sees a look-alike of someone else's name.
 */
export const normalizeDisplayName = (name: string) => name.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();

export const displayNameField = z
  .string()
  .overwrite(normalizeDisplayName)
  .max(50, 'Use at most 50 characters.')
  .regex(NO_CONTROLS, 'Use no control or text-direction characters.');
export const descriptionField = z.string().max(2000, 'Use at most 2000 characters.');
/** Length, digits and likeness to the username or e-mail are checked by the service, naming the field. */
export const passwordField = z.string().min(1, 'This field may not be blank.').max(128, 'Use at most 128 characters.');

export const profile = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Empty when the account has no e-mail address (signed up by phone). */
  email: z.string(),
  email_verified: z.boolean(),
  mobile: z.string().nullable(),
  display_name: z.string(),
  description: z.string(),
  avatar: z.string().nullable(),
  has_password: z.boolean(),
  role: roleSchema,
  date_joined: z.string(),
});
export type Profile = z.infer<typeof profile>;

/**
 * Profile writes. `email` and `mobile` may be sent back unchanged; changing them goes through the
 * bind calls (a code proves the new address), so a different value is a 400 naming the field.
 */
const profileFields = {
  username: usernameField,
  display_name: displayNameField,
  description: descriptionField,
  email: z.string().trim().max(254),
  mobile: z.string().trim().max(32).nullable(),
};
export const profileWrite = z.object({
  username: profileFields.username,
  display_name: profileFields.display_name,
  description: profileFields.description,
  email: profileFields.email.optional(),
  mobile: profileFields.mobile.optional(),
});
export const profilePatch = z.object(profileFields).partial();
export type ProfileChanges = z.infer<typeof profilePatch>;

export const emailQuery = z.object({ email: emailField });
export const phoneQuery = z.object({ phone_number: mobileField });
export const existsEmailResponse = z.object({ email: z.string(), exists: z.boolean() });
export const existsPhoneResponse = z.object({ phone_number: z.string(), exists: z.boolean() });

export const bindEmailBody = z.object({ email: emailField, code: codeField });
export const bindPhoneBody = z.object({ mobile: mobileField, code: codeField });
export const cancelBindBody = z.object({ code: codeField });
export const setFirstPasswordBody = z.object({ new_password: passwordField });

export const boundResponse = z.object({ bound: z.boolean() });
export const emailBoundResponse = z.object({ bound: z.boolean(), verified: z.boolean() });
export const hasPasswordResponse = z.object({ has_password: z.boolean() });

export const displayNameQuery = z.object({
  display_name: displayNameField.min(1, 'This field may not be blank.'),
  user_id: z.coerce.number().int().positive().optional(),
});
export const displayNameResponse = z.object({ display_name: z.string(), available: z.boolean() });

/** Masked for display: a***@example.com, 138****0000; null when none is bound. */
export const maskedEmailResponse = z.object({ email: z.string().nullable() });
export const maskedPhoneResponse = z.object({ mobile: z.string().nullable() });
export const userIdResponse = z.object({ user_id: z.number().int() });
export const rssTokenResponse = z.object({ user_id: z.number().int(), rss_token: z.string() });
export const profileDetail = z.object({ detail: z.string() });
