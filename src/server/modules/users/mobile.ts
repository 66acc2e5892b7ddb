/** A mainland China mobile number without its country code: 11 digits from 13 to 19. */
const MAINLAND = /^1[3-9]\d{9}$/;

/**
 * The spellings one mobile number is written with: a mainland China number with and without its country code
 * (`13800138000`, `+8613800138000`, `8613800138000`, `008613800138000`), so one number is one account, however it
 * was typed at sign-up and at login. Any other number is only itself (`+1…` is another country's).
 */
export function spellingsOfMobile(mobile: string): string[] {
  const national = /^(?:\+|00|)86(1[3-9]\d{9})$/.exec(mobile)?.[1] ?? (MAINLAND.test(mobile) ? mobile : null);
  return national === null ? [mobile] : [...new Set([mobile, national, `+86${national}`, `86${national}`, `0086${national}`])];
}
