// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/** Paths of the one-time code calls, relative to API_PREFIX. */
export const messagingPaths = {
  smsSend: '/sms/send',
  smsCheckCode: '/sms/check_code',
  sesSend: '/ses/send',
  sesCheckCode: '/ses/check_code',
  /** Staff only: the address of the demo mailbox. */
  mailboxLink: '/dev/mailbox_link',
} as const;

/**
 * Site pages (not under the API) listing the outbox of a demo site: e-mails and SMS. The messages hold
 * sign-in codes and reset links, so the pages live under a secret path segment.
 */
export const mailboxPaths = {
  list: '/dev/mailbox/:secret',
  message: '/dev/mailbox/:secret/:id',
  at: (secret: string) => `/dev/mailbox/${encodeURIComponent(secret)}`,
} as const;

export const SMS_ACTIONS = ['auto_sign_in', 'bind_phone', 'cancel_phone', 'login', 'message', 'signup'] as const;
export const EMAIL_ACTIONS = ['auto_sign_in', 'bind_email', 'cancel_email', 'login', 'signup'] as const;
/** The actions of `user-auth/sms/{action}` and `user-auth/ses/{action}`. */
export const CODE_LOGIN_ACTIONS = ['auto_sign_in', 'login', 'signup'] as const;

export const CODE_LENGTH = 6;
export const CODE_LIFETIME_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
export const CODE_DAILY_LIMIT = 10;
