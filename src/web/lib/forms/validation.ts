import { CODE_LENGTH } from '../../../shared/api/messaging-paths.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/users-paths.js';
import type { MessageKey } from '../../../shared/i18n/index.js';

/** A field's problem as a message key and its values, translated when shown. */
export interface Problem {
  key: MessageKey;
  values?: Record<string, string | number>;
}

const problem = (key: MessageKey, values?: Problem['values']): Problem => (values ? { key, values } : { key });

/*
 * The server's rules (src/shared/api/users.ts, messaging.ts and the password rules of the users service),
 * checked as the reader types. The server checks them again; these only save a round trip.
 */

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 30;
export const DISPLAY_NAME_MAX = 50;
export const DESCRIPTION_MAX = 2000;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const UNDELIVERABLE = /\.(invalid|test|example|localhost)$/i;
const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
const MOBILE_PATTERN = /^\+?\d{6,15}$/;

export function required(value: string): Problem | undefined {
  return value.trim() === '' ? problem('validation.required') : undefined;
}

export function checkEmail(value: string): Problem | undefined {
  const email = value.trim();
  if (email === '') return problem('validation.required');
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return problem('validation.email');
  if (UNDELIVERABLE.test(email.split('@')[1] ?? '')) return problem('validation.emailUndeliverable');
  return undefined;
}

export function checkUsername(value: string): Problem | undefined {
  const name = value.trim();
  if (name === '') return problem('validation.required');
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return problem('validation.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX });
  if (!USERNAME_PATTERN.test(name)) return problem('validation.usernameChars');
  return undefined;
}

/** The login field: a username or an e-mail address. */
export function checkLogin(value: string): Problem | undefined {
  const login = value.trim();
  if (login === '') return problem('validation.required');
  return login.includes('@') ? checkEmail(login) : undefined;
}

/**
 * A new password: at least 8 characters, not only digits, and not the username, the e-mail address or its
 * local part (compared without case), as the server's rules say.
 */
export function checkNewPassword(password: string, owner: { username?: string; email?: string } = {}): Problem | undefined {
  if (password === '') return problem('validation.required');
  if (password.length < PASSWORD_MIN_LENGTH) return problem('validation.passwordShort', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX) return problem('validation.tooLong', { max: PASSWORD_MAX });
  if (/^\d+$/.test(password)) return problem('validation.passwordNumeric');
  const lower = password.toLowerCase();
  const username = owner.username?.trim().toLowerCase() ?? '';
  const email = owner.email?.trim().toLowerCase() ?? '';
  if ((username && lower === username) || (email && (lower === email || lower === email.split('@')[0]))) {
    return problem('validation.passwordSimilar');
  }
  return undefined;
}

export function checkRepeat(repeat: string, password: string): Problem | undefined {
  if (repeat === '') return problem('validation.required');
  return repeat === password ? undefined : problem('validation.passwordMismatch');
}

export function checkCode(value: string): Problem | undefined {
  const code = value.trim();
  if (code === '') return problem('validation.required');
  return CODE_PATTERN.test(code) ? undefined : problem('validation.code', { length: CODE_LENGTH });
}

/** Spaces, dashes and brackets are dropped, as the server does. */
export function normalizeMobile(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

export function checkMobile(value: string): Problem | undefined {
  const mobile = normalizeMobile(value);
  if (mobile === '') return problem('validation.required');
  return MOBILE_PATTERN.test(mobile) ? undefined : problem('validation.mobile');
}

export function checkMaxLength(value: string, max: number): Problem | undefined {
  return value.length > max ? problem('validation.tooLong', { max }) : undefined;
}
