// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/** Paths of the login, registration and password calls, relative to API_PREFIX. */
export const authPaths = {
  login: '/rest-auth/login/',
  logout: '/rest-auth/logout/',
  refresh: '/rest-auth/token/refresh/',
  verify: '/rest-auth/token/verify/',
  user: '/rest-auth/user/',
  registration: '/rest-auth/registration/',
  registrationResendEmail: '/rest-auth/registration/resend-email/',
  registrationVerifyEmail: '/rest-auth/registration/verify-email/',
  accountConfirmEmail: '/rest-auth/account-confirm-email/',
  passwordChange: '/rest-auth/password/change/',
  passwordReset: '/rest-auth/password/reset/',
  passwordResetConfirm: '/rest-auth/password/reset/confirm/',
  phonePasswordLogin: '/user-auth/phone-password/login/',
  /** action: auto_sign_in (log in, or sign up and log in), login, signup; body: mobile + code. */
  smsLogin: '/user-auth/sms/:action/',
  /** action: auto_sign_in, login, signup; body: email + code. */
  sesLogin: '/user-auth/ses/:action/',
} as const;

/** Site pages that e-mails link to (SPEC section 2): /verify_email/{key} and /reset?uid=&token=. */
export const authPagePaths = {
  verifyEmail: '/verify_email/',
  reset: '/reset',
} as const;

export const EMAIL_CONFIRMATION_DAYS = 3;
export const PASSWORD_RESET_MINUTES = 60;
