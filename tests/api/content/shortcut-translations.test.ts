import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createShortcut, createShortcutType } from '../helpers/factories.js';

let t: TestApp;
let type: Awaited<ReturnType<typeof createShortcutType>>;
let both: Awaited<ReturnType<typeof createShortcut>>;
let titleOnly: Awaited<ReturnType<typeof createShortcut>>;
let english: Awaited<ReturnType<typeof createShortcut>>;

const zh = (fields: Record<string, string>) => JSON.stringify({ 'zh-CN': fields });
type Wire = { id: number; title: string; description: string };
type TypeWire = { id: number; name: string; description: string; shortcuts?: Wire[] };

beforeAll(async () => {
  t = await createTestApp();
  type = await createShortcutType(t, { name: 'Start here', slug: 'start-here', description: 'Good first pages.', translations: zh({ name: '从这里开始', description: '适合先看的几页。' }) });
  both = await createShortcut(t, { type_id: type.id, position: 0, title: 'Testing', description: 'Unit and end-to-end tests.', translations: zh({ title: '测试', description: '单元测试和端到端测试。' }) });
  titleOnly = await createShortcut(t, { type_id: type.id, position: 1, title: 'SQL indexes', description: 'How indexes work.', translations: zh({ title: 'SQL 索引' }) });
  english = await createShortcut(t, { type_id: type.id, position: 2, title: 'Pro Git', description: 'The Git book.' });
});

const texts = (list: Wire[]) => list.map((s) => [s.id, s.title, s.description]);

describe("shortcuts in the reader's language", () => {
  it('answers every shortcut call in Chinese for `lang=zh-CN`, and the default texts for English', async () => {
    const chinese = [
      [both.id, '测试', '单元测试和端到端测试。'],
      // A missing field falls back to the default text, field by field; a row without translations keeps its own.
      [titleOnly.id, 'SQL 索引', 'How indexes work.'],
      [english.id, 'Pro Git', 'The Git book.'],
    ];
    const defaults = [
      [both.id, 'Testing', 'Unit and end-to-end tests.'],
      [titleOnly.id, 'SQL indexes', 'How indexes work.'],
      [english.id, 'Pro Git', 'The Git book.'],
    ];
    const zhQuery = { lang: 'zh-CN' };
    expect(texts((await t.api('GET', '/shortcuts', { query: { type: String(type.id), ...zhQuery } })).json())).toEqual(chinese);
    expect(texts((await t.api('GET', '/shortcuts', { query: { type: String(type.id), lang: 'en' } })).json())).toEqual(defaults);
    expect((await t.api('GET', `/shortcuts/${both.id}`, { query: zhQuery })).json()).toMatchObject({ title: '测试', description: '单元测试和端到端测试。' });
    expect((await t.api('GET', `/shortcuts/${both.id}`)).json()).toMatchObject({ title: 'Testing', description: 'Unit and end-to-end tests.' });

    for (const path of ['/shortcuts/type/details', '/shortcuts/type/preview']) {
      const [group] = ((await t.api('GET', path, { query: zhQuery })).json() as TypeWire[]).filter((g) => g.id === type.id);
      expect(group).toMatchObject({ name: '从这里开始', description: '适合先看的几页。' });
      expect(texts(group.shortcuts!)).toEqual(chinese);
      const [plain] = ((await t.api('GET', path, { query: { lang: 'en' } })).json() as TypeWire[]).filter((g) => g.id === type.id);
      expect(plain).toMatchObject({ name: 'Start here', description: 'Good first pages.' });
      expect(texts(plain.shortcuts!)).toEqual(defaults);
    }
    const types = (await t.api('GET', '/shortcuts/type', { query: zhQuery })).json() as TypeWire[];
    expect(types.find((x) => x.id === type.id)).toMatchObject({ name: '从这里开始' });
    expect((await t.api('GET', `/shortcuts/type/${type.id}`, { query: zhQuery })).json()).toMatchObject({ name: '从这里开始', description: '适合先看的几页。' });
    expect((await t.api('GET', `/shortcuts/type/${type.id}`, { query: { lang: 'en' } })).json()).toMatchObject({ name: 'Start here' });
  });

  it('takes the language cookie, then Accept-Language, without `lang`, and says the answer varies by them', async () => {
    const byCookie = await t.api('GET', `/shortcuts/${both.id}`, { headers: { cookie: 'lang=zh-CN', 'accept-language': 'en' } });
    expect(byCookie.json().title).toBe('测试');
    expect(String(byCookie.headers.vary)).toMatch(/Cookie/);
    expect(String(byCookie.headers.vary)).toMatch(/Accept-Language/);
    const byHeader = await t.api('GET', '/shortcuts/type/preview', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect((byHeader.json() as TypeWire[]).find((g) => g.id === type.id)?.name).toBe('从这里开始');
    // `lang` names the answer fully: no vary on the cookie.
    const asked = await t.api('GET', '/shortcuts/type/preview', { query: { lang: 'en' }, headers: { cookie: 'lang=zh-CN' } });
    expect((asked.json() as TypeWire[]).find((g) => g.id === type.id)?.name).toBe('Start here');
    expect(String(asked.headers.vary ?? '')).not.toMatch(/Cookie/);
  });

  it('names a `lang` that is not a language of the site', async () => {
    for (const path of ['/shortcuts', `/shortcuts/${both.id}`, '/shortcuts/type', `/shortcuts/type/${type.id}`, '/shortcuts/type/details', '/shortcuts/type/preview']) {
      const res = await t.api('GET', path, { query: { lang: 'fr' } });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().fields, path).toHaveProperty('lang');
    }
  });

  it('reads a damaged translations column as none', async () => {
    const broken = await createShortcut(t, { type_id: type.id, position: 3, title: 'Broken', description: 'Still shown.', translations: '{not json' });
    expect((await t.api('GET', `/shortcuts/${broken.id}`, { query: { lang: 'zh-CN' } })).json()).toMatchObject({ title: 'Broken', description: 'Still shown.' });
  });
});
