import { describe, expect, it } from 'vitest';
import { generateGiftCode, giftCodeHash, giftCodeHint, normalizeGiftCode } from '../../../src/server/modules/membership/gift-codes.js';

const KEY = 'k'.repeat(40);

describe('gift codes', () => {
  it('look like four groups of four unambiguous characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateGiftCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
  });

  it('compare without regard to case, spaces or dashes', () => {
    const code = 'K7QM-2XWD-9PRT-H4NB';
    expect(normalizeGiftCode(' k7qm 2xwd-9prt h4nb ')).toBe('K7QM2XWD9PRTH4NB');
    expect(giftCodeHash(KEY, 'k7qm2xwd9prth4nb')).toBe(giftCodeHash(KEY, code));
    expect(giftCodeHash(KEY, 'K7QM-2XWD-9PRT-H4NC')).not.toBe(giftCodeHash(KEY, code));
    expect(giftCodeHash('other'.repeat(8), code)).not.toBe(giftCodeHash(KEY, code));
    expect(giftCodeHint(code)).toBe('H4NB');
  });
});
