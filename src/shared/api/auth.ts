import { z } from 'zod';
import { altchaField, codeField, codeLoginAction, emailField, mobileField } from './messaging.js';
import { descriptionField, displayNameField, passwordField, roleSchema, usernameField } from './users.js';

export * from './auth-paths.js';
export { roleSchema, type Role } from './users.js';

export const loginBody = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().email().max(254).optional(),
    password: z.string().min(1, 'This field may not be blank.').max(256),
    /** Needed after three failed logins of the account or from the IP within 15 minutes. */
    altcha: altchaField,
  })
  .refine((b) => Boolean(b.username || b.email), {
    message: 'Give a username or an e-mail address.',
    path: ['username'],
  });
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  pk: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  /** Empty when the account has no e-mail address (signed up by phone). */
  email: z.string(),
  /** Always sent by the server; optional in the type only so that client fixtures may leave it out. */
  email_verified: z.boolean().optional(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  is_staff: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  access_expiration: z.string(),
  refresh_expiration: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshBody = z.object({ refresh: z.string().min(1, 'This field may not be blank.') });
export const refreshResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  access_expiration: z.string(),
  refresh_expiration: z.string(),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

/** The second refresh form of SPEC section 3; the client accepts both. */
export const refreshResponseAlt = z.object({
  result: z.unknown().optional(),
  access_token: z.string(),
  access_token_expiration: z.string(),
  refresh_token: z.string().optional(),
});

export const verifyBody = z.object({ token: z.string().min(1, 'This field may not be blank.') });
export const logoutBody = z.object({ refresh: z.string().optional() });
export const detailResponse = z.object({ detail: z.string() });

export const registrationBody = z
  .object({
    username: usernameField,
    email: emailField,
    /** dj-rest-auth's pair; `password` alone is accepted too. */
    password1: passwordField.optional(),
    password2: passwordField.optional(),
    password: passwordField.optional(),
    display_name: displayNameField.optional(),
    altcha: altchaField,
  })
  .refine((b) => Boolean(b.password1 ?? b.password), { message: 'This field is required.', path: ['password1'] });
export type RegistrationBody = z.infer<typeof registrationBody>;

/** A new account is logged in at once; its e-mail address waits for confirmation. */
export const registrationResponse = loginResponse.extend({ detail: z.string() });

export const emailBody = z.object({ email: emailField });
export const confirmEmailBody = z.object({ key: z.string().trim().min(1, 'This field may not be blank.').max(200) });

export const passwordChangeBody = z.object({
  old_password: z.string().min(1, 'This field may not be blank.').max(256),
  new_password1: passwordField,
  new_password2: passwordField,
});
/** Every other session is ended; this fresh one replaces the caller's. */
export const passwordChangeResponse = loginResponse.extend({ detail: z.string() });

export const passwordResetBody = z.object({ email: emailField, altcha: altchaField });
export const passwordResetConfirmBody = z.object({
  uid: z.string().trim().min(1, 'This field may not be blank.').max(64),
  token: z.string().trim().min(1, 'This field may not be blank.').max(128),
  new_password1: passwordField,
  new_password2: passwordField,
});

export const userWrite = z.object({ username: usernameField, display_name: displayNameField, description: descriptionField });
export const userPatch = userWrite.partial();
export type UserChanges = z.infer<typeof userPatch>;

export const phonePasswordLoginBody = z.object({
  mobile: mobileField,
  password: z.string().min(1, 'This field may not be blank.').max(256),
  altcha: altchaField,
});

export const codeLoginParams = z.object({ action: codeLoginAction });
export const smsLoginBody = z.object({ mobile: mobileField, code: codeField });
export const sesLoginBody = z.object({ email: emailField, code: codeField });
/** `created`: the call made a new account (signup, or auto_sign_in for a new phone or address). */
export const codeLoginResponse = loginResponse.extend({ created: z.boolean() });
export type CodeLoginResponse = z.infer<typeof codeLoginResponse>;
