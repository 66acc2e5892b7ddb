import { z } from 'zod';
import { CODE_LENGTH, CODE_LOGIN_ACTIONS, EMAIL_ACTIONS, SMS_ACTIONS } from './messaging-paths.js';

export * from './messaging-paths.js';

/** A mobile number: digits with an optional leading +; spaces, dashes and brackets are dropped. */
export const mobileField = z
  .string()
  .overwrite((v) => v.replace(/[\s()-]/g, ''))
  .regex(/^\+?\d{6,15}$/, 'Enter a valid mobile number.');

/** E-mail addresses are compared and stored lower-cased. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Enter a valid e-mail address.'));

export const codeField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Enter the ${CODE_LENGTH}-digit code.`);

/** A solved captcha (base64 payload); checked by the service so a missing one names the field too. */
export const altchaField = z.string().max(8192).optional();

export const smsAction = z.enum(SMS_ACTIONS);
export const emailAction = z.enum(EMAIL_ACTIONS);
export const codeLoginAction = z.enum(CODE_LOGIN_ACTIONS);
export type SmsAction = z.infer<typeof smsAction>;
export type EmailAction = z.infer<typeof emailAction>;
export type CodeLoginAction = z.infer<typeof codeLoginAction>;

export const smsSendBody = z.object({ mobile: mobileField, action: smsAction, altcha: altchaField });
export const sesSendBody = z.object({ email: emailField, action: emailAction, altcha: altchaField });

export const sendCodeResponse = z.object({
  detail: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds before another code may be sent to the same place. */
  resend_in: z.number().int(),
});

export const smsCheckBody = z.object({ mobile: mobileField, action: smsAction, code: codeField });
export const sesCheckBody = z.object({ email: emailField, action: emailAction, code: codeField });
export const checkCodeResponse = z.object({ detail: z.string(), valid: z.literal(true) });

/** The demo mailbox's address (with its secret), or null when the site has none (not in demo mode). */
export const mailboxLinkResponse = z.object({ url: z.string().nullable() });
export type MailboxLink = z.infer<typeof mailboxLinkResponse>;
