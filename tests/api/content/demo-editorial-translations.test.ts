import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' } });
  token = ((await t.api('POST', '/rest-auth/login/', { body: { username: 'reader', password: 'reader-pass-for-tests' } })).json() as { access: string }).access;
});

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /[A-Za-z]{3,}/;
/** A product or tool name that stays as it is written in every language. */
const PROPER_NAMES = /^(TypeScript|Node\.js API|Pro Git)$/;

/** Every text is Chinese in Chinese (a proper name aside) and English (no Han characters) in English, except a default written in Chinese. */
function expectBilingual(what: string, chinese: string[], english: string[]) {
  expect(chinese.length, what).toBe(english.length);
  chinese.forEach((zh, i) => {
    if (PROPER_NAMES.test(zh)) return;
    expect(zh, `${what}: "${english[i]}" in Chinese`).toMatch(HAN);
    if (!HAN.test(english[i])) expect(zh, `${what}: "${english[i]}" is translated`).not.toBe(english[i]);
  });
  for (const en of english) if (!HAN.test(en)) expect(en, what).toMatch(LATIN_WORD);
}

type Group = { name: string; description: string; shortcuts: { title: string; description: string }[] };
type Card = { name: string; description: string; perks: string[]; products: { name: string }[] };
type Method = { code: string; name: string; description: string };

describe('the demo editorial tables in both languages', () => {
  it('has every shortcut type and shortcut in Chinese', async () => {
    const read = async (lang: string) => (await t.api('GET', '/shortcuts/type/details', { query: { lang } })).json() as Group[];
    const [zh, en] = [await read('zh-CN'), await read('en')];
    expect(zh.length).toBeGreaterThanOrEqual(4);
    const texts = (groups: Group[]) => groups.flatMap((g) => [g.name, g.description, ...g.shortcuts.flatMap((s) => [s.title, s.description])]);
    expectBilingual('shortcuts', texts(zh), texts(en));
  });

  it('has every plan, its perks and its products in Chinese', async () => {
    const read = async (lang: string) => (await t.api('GET', '/product_membership', { query: { lang } })).json() as Card[];
    const [zh, en] = [await read('zh-CN'), await read('en')];
    expect(zh.flatMap((p) => p.products)).toHaveLength(3);
    const texts = (cards: Card[]) => cards.flatMap((p) => [p.name, p.description, ...p.perks, ...p.products.map((x) => x.name)]);
    expectBilingual('plans', texts(zh), texts(en));
  });

  it('has every shipping method in Chinese', async () => {
    const book = (await t.db.kysely.selectFrom('shop_products').select('id').where('slug', '=', 'lectern-tote-bag').executeTakeFirstOrThrow()).id;
    await t.api('POST', '/basket/add-product', { token, body: { product: book, quantity: 1 } });
    const read = async (lang: string) => {
      const all: Method[] = [];
      for (const country of ['CN', 'JP']) all.push(...((await t.api('GET', '/basket/shipping-methods', { token, query: { country, lang } })).json() as Method[]));
      return [...new Map(all.map((m) => [m.code, m])).values()].sort((a, b) => a.code.localeCompare(b.code));
    };
    const [zh, en] = [await read('zh-CN'), await read('en')];
    expect(zh.map((m) => m.code)).toEqual(['express', 'international', 'standard']);
    const texts = (methods: Method[]) => methods.flatMap((m) => [m.name, m.description]);
    expectBilingual('shipping methods', texts(zh), texts(en));
  });
});
