import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../../../src/shared/api/users-paths.js';
import {
  checkCode,
  checkEmail,
  checkLogin,
  checkMobile,
  checkNewPassword,
  checkRepeat,
  checkUsername,
  normalizeMobile,
} from '../../../../src/web/lib/forms/validation.js';
import { validateSignup } from '../../../../src/web/features/auth/signup-form.js';

const key = (problem: { key: string } | undefined) => problem?.key;

describe('form rules, as the server checks them', () => {
  it('passwords: at least 8 characters, not only digits, not the username or e-mail address', () => {
    const owner = { username: 'Ada_L', email: 'ada.l@mail.lectern.org' };
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(checkNewPassword('a good secret', owner)).toBeUndefined();
    expect(checkNewPassword('', owner)).toEqual({ key: 'validation.required' });
    expect(checkNewPassword('short1!', owner)).toEqual({ key: 'validation.passwordShort', values: { min: 8 } });
    expect(key(checkNewPassword('12345678901', owner))).toBe('validation.passwordNumeric');
    expect(key(checkNewPassword('ada_l', { username: 'ada_lovelace' }))).toBe('validation.passwordShort');
    expect(key(checkNewPassword('ADA_LOVELACE', { username: 'ada_lovelace' }))).toBe('validation.passwordSimilar');
    expect(key(checkNewPassword('ada.l@mail.lectern.org', owner))).toBe('validation.passwordSimilar');
    expect(key(checkNewPassword('Ada.L', { email: 'ada.l@x.org' }))).toBe('validation.passwordShort');
    expect(key(checkNewPassword('ada.lovelace', { email: 'Ada.Lovelace@x.org' }))).toBe('validation.passwordSimilar');
    expect(checkNewPassword('ada.lovelace1', { email: 'ada.lovelace@x.org' })).toBeUndefined();
    expect(key(checkNewPassword('x'.repeat(129)))).toBe('validation.tooLong');
  });

  it('the repeated password must match', () => {
    expect(checkRepeat('same secret', 'same secret')).toBeUndefined();
    expect(key(checkRepeat('same secreT', 'same secret'))).toBe('validation.passwordMismatch');
    expect(key(checkRepeat('', 'same secret'))).toBe('validation.required');
  });

  it('e-mail addresses: a valid form that can receive mail', () => {
    expect(checkEmail(' ada@mail.lectern.org ')).toBeUndefined();
    expect(key(checkEmail('ada@'))).toBe('validation.email');
    expect(key(checkEmail('ada mail@lectern.org'))).toBe('validation.email');
    expect(key(checkEmail('ada@lectern'))).toBe('validation.email');
    expect(key(checkEmail('ada@example.test'))).toBe('validation.emailUndeliverable');
    expect(key(checkEmail(''))).toBe('validation.required');
  });

  it('usernames: 2 to 30 letters (any script), digits, ".", "_" or "-"', () => {
    expect(checkUsername('ada.l-2_x')).toBeUndefined();
    expect(checkUsername('李雷')).toBeUndefined();
    expect(checkUsername('a')).toEqual({ key: 'validation.usernameLength', values: { min: 2, max: 30 } });
    expect(key(checkUsername('a'.repeat(31)))).toBe('validation.usernameLength');
    expect(key(checkUsername('ada@home'))).toBe('validation.usernameChars');
    expect(key(checkUsername('ada lovelace'))).toBe('validation.usernameChars');
  });

  it('the login field takes a username, or an e-mail address in a valid form', () => {
    expect(checkLogin('ada')).toBeUndefined();
    expect(checkLogin('ada@mail.lectern.org')).toBeUndefined();
    expect(key(checkLogin('ada@'))).toBe('validation.email');
    expect(key(checkLogin('  '))).toBe('validation.required');
  });

  it('codes have six digits; mobile numbers 6 to 15 digits after dropping spaces, dashes and brackets', () => {
    expect(checkCode('012345')).toBeUndefined();
    expect(checkCode('01234')).toEqual({ key: 'validation.code', values: { length: 6 } });
    expect(key(checkCode('01234a'))).toBe('validation.code');
    expect(normalizeMobile('+86 (138) 0000-0000')).toBe('+8613800000000');
    expect(checkMobile('+86 138 0000 0000')).toBeUndefined();
    expect(key(checkMobile('12345'))).toBe('validation.mobile');
    expect(key(checkMobile('phone'))).toBe('validation.mobile');
  });

  it('the sign-up form checks every field together', () => {
    const problems = validateSignup({ email: 'ada@mail.lectern.org', username: 'ada', password1: 'ada', password2: 'adb' });
    expect(key(problems.email)).toBeUndefined();
    expect(key(problems.username)).toBeUndefined();
    expect(key(problems.password1)).toBe('validation.passwordShort');
    expect(key(problems.password2)).toBe('validation.passwordMismatch');
  });
});
