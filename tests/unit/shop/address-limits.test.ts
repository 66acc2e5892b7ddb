import { describe, expect, it } from 'vitest';
import { shippingAddressInput } from '../../../src/shared/api/orders.js';
import { ADDRESS_MAX_LENGTH, PHONE_PATTERN } from '../../../src/web/features/shop/checkout/address-limits.js';

/* The checkout's address step checks what the server's schema checks: the same lengths, the same phone characters. */

const valid = { last_name: 'Li', line1: '1 Reading Road', country: 'CN' };
const problemOf = (fields: Record<string, string>) => {
  const parsed = shippingAddressInput.safeParse({ ...valid, ...fields });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('the address step’s limits', () => {
  it.each(Object.entries(ADDRESS_MAX_LENGTH))('%s: at most %i characters, as the server’s schema', (field, max) => {
    const char = field === 'phone_number' ? '1' : 'x';
    expect(problemOf({ [field]: char.repeat(max) })).toBeNull();
    expect(problemOf({ [field]: char.repeat(max + 1) })).toEqual([`Use at most ${max} characters.`]);
  });

  it('allows in a phone number what the server allows', () => {
    for (const phone of ['', '+86 (10) 1234-5678', '13800000000', 'abc', '138.0000', '138#0']) {
      expect(PHONE_PATTERN.test(phone), phone).toBe(problemOf({ phone_number: phone }) === null);
    }
  });
});
