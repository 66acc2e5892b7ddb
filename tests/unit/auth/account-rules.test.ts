import { describe, expect, it } from 'vitest';
import { mobileField, emailField } from '../../../src/shared/api/messaging.js';
import { usernameField } from '../../../src/shared/api/users.js';
import { Invalid } from '../../../src/server/platform/errors.js';
import { fillTemplate } from '../../../src/server/platform/sms.js';
import { maskEmail, maskMobile } from '../../../src/server/modules/users/profile-service.js';
import { assertPasswordAcceptable, hasEmail, isDeliverableEmail, noEmailAddress } from '../../../src/server/modules/users/service.js';

const user = { username: 'alice_wonderland', email: 'alice.wonder@example.com' };

function problem(password: string, field = 'password1'): string | undefined {
  try {
    assertPasswordAcceptable(password, user, field);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(Invalid);
    return (err as Invalid).fields?.[field];
  }
}

describe('password rules', () => {
  it('wants 8 characters, not only digits, not the username or e-mail', () => {
    expect(problem('a good secret')).toBeUndefined();
    expect(problem('short')).toMatch(/at least 8/);
    expect(problem('12345678901')).toMatch(/numeric/);
    expect(problem('ALICE_WONDERLAND')).toMatch(/similar/);
    expect(problem('alice.wonder@example.com')).toMatch(/similar/);
    expect(problem('Alice.Wonder')).toMatch(/similar/);
    expect(problem('alice.wonder1')).toBeUndefined();
  });

  it('names the field it was given', () => {
    expect(problem('short', 'new_password')).toMatch(/at least 8/);
  });

  it('ignores the placeholder address of an account without e-mail', () => {
    const placeholder = noEmailAddress();
    expect(hasEmail({ email: placeholder })).toBe(false);
    expect(() => assertPasswordAcceptable(placeholder.split('@')[0], { username: 'bob', email: placeholder }, 'p')).not.toThrow();
  });
});

describe('contact fields', () => {
  it('normalises mobile numbers and refuses letters', () => {
    expect(mobileField.parse(' 138 0000-0000 ')).toBe('13800000000');
    expect(mobileField.parse('+86 (138) 0000 0000')).toBe('+8613800000000');
    expect(mobileField.safeParse('138abc').success).toBe(false);
    expect(mobileField.safeParse('12345').success).toBe(false);
  });

  it('lower-cases e-mail addresses and refuses undeliverable domains at sign-up', () => {
    expect(emailField.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(isDeliverableEmail('ann@example.com')).toBe(true);
    expect(isDeliverableEmail('ann@host.invalid')).toBe(false);
    expect(isDeliverableEmail('ann@localhost')).toBe(true);
    expect(isDeliverableEmail('ann@dev.localhost')).toBe(false);
  });

  it('keeps @ out of usernames', () => {
    expect(usernameField.safeParse('ann@example.com').success).toBe(false);
    expect(usernameField.safeParse('张伟_01').success).toBe(true);
  });

  it('masks addresses and numbers', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskMobile('13800000000')).toBe('138****0000');
    expect(maskMobile('+8613800000000')).toBe('+86****0000');
    expect(maskMobile('123456')).toBe('12****56');
  });
});

describe('SMS gateway template', () => {
  it('escapes the values for the body type', () => {
    expect(fillTemplate('{"m":"{mobile}","c":"{code}"}', 'application/json', { mobile: '+86"1', code: '123456' })).toBe('{"m":"+86\\"1","c":"123456"}');
    expect(fillTemplate('to={mobile}&text={text}', 'application/x-www-form-urlencoded', { mobile: '+861', text: 'a b&c' })).toBe('to=%2B861&text=a%20b%26c');
    expect(fillTemplate('{unknown} {code}', 'text/plain', { code: '1' })).toBe('{unknown} 1');
  });
});
