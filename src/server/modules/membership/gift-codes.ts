import { createHmac, randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new code such as `K7QM-2XWD-9PRT-H4NB` (about 79 bits). */
export function generateGiftCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What is compared: case, spaces and dashes do not matter. */
export const normalizeGiftCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Codes are stored as keyed hashes only, so a copy of the database redeems nothing. */
export const giftCodeHash = (secretKey: string, code: string): string =>
  createHmac('sha256', secretKey).update(`gift-code|${normalizeGiftCode(code)}`).digest('hex');

export const giftCodeHint = (code: string): string => normalizeGiftCode(code).slice(-4);
