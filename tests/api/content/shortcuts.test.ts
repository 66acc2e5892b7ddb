import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createShortcut, createShortcutType } from '../helpers/factories.js';

let t: TestApp;
type Type = Awaited<ReturnType<typeof createShortcutType>>;
type Made = Awaited<ReturnType<typeof createShortcut>>;
/** Types in their expected order, and the shortcuts of each in theirs. */
let types: Type[];
let byType: Map<number, Made[]>;

const wireType = (x: Type) => ({ id: x.id, name: x.name, slug: x.slug, description: x.description, position: x.position });
const wire = (s: Made) => ({ id: s.id, type_id: s.type_id, title: s.title, description: s.description, url: s.url, icon: s.icon, position: s.position });
const details = (limit?: number) => types.map((x) => ({ ...wireType(x), shortcuts: (byType.get(x.id) ?? []).slice(0, limit).map(wire) }));

beforeAll(async () => {
  t = await createTestApp();
  const tools = await createShortcutType(t, { name: 'Tools', position: 2 });
  const reading = await createShortcutType(t, { name: 'Reading', position: 1, description: 'Read more' });
  const learning = await createShortcutType(t, { name: 'Learning', position: 1 });
  const empty = await createShortcutType(t, { name: 'Empty', position: 3 });
  types = [reading, learning, tools, empty];
  // Created out of order, so position (then id) has to do the sorting.
  const readingShortcuts: Made[] = [];
  for (const position of [5, 0, 3, 1, 4, 2]) readingShortcuts.push(await createShortcut(t, { type_id: reading.id, position, icon: `icon-${position}` }));
  const toolShortcuts = [await createShortcut(t, { type_id: tools.id, position: 1 }), await createShortcut(t, { type_id: tools.id, position: 1 })];
  byType = new Map([
    [reading.id, [...readingShortcuts].sort((a, b) => a.position - b.position)],
    [learning.id, []],
    [tools.id, toolShortcuts],
    [empty.id, []],
  ]);
});

describe('GET shortcuts', () => {
  it('lists shortcuts by position, then id', async () => {
    const res = await t.api('GET', '/shortcuts');
    expect(res.statusCode).toBe(200);
    const all = [...byType.values()].flat().sort((a, b) => a.position - b.position || a.id - b.id);
    expect(res.json()).toEqual(all.map(wire));
  });

  it('keeps one type with `type`, none for an unknown type', async () => {
    const reading = types[0];
    expect((await t.api('GET', '/shortcuts', { query: { type: String(reading.id) } })).json()).toEqual(byType.get(reading.id)!.map(wire));
    expect((await t.api('GET', '/shortcuts', { query: { type: '2000000000' } })).json()).toEqual([]);
  });

  it('names a bad type', async () => {
    const res = await t.api('GET', '/shortcuts', { query: { type: 'tools' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('type');
  });
});

describe('GET shortcuts/{id}', () => {
  it('answers a shortcut, 404 and 400', async () => {
    const shortcut = byType.get(types[0].id)![2];
    const res = await t.api('GET', `/shortcuts/${shortcut.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(wire(shortcut));
    expect((await t.api('GET', '/shortcuts/2000000000')).statusCode).toBe(404);
    const bad = await t.api('GET', '/shortcuts/types');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('GET shortcuts/type', () => {
  it('lists the types by position, then id, not taken for shortcuts/{id}', async () => {
    const res = await t.api('GET', '/shortcuts/type');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(types.map(wireType));
  });
});

describe('GET shortcuts/type/{id}', () => {
  it('answers a type, 404 and 400', async () => {
    const res = await t.api('GET', `/shortcuts/type/${types[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(wireType(types[0]));
    expect((await t.api('GET', '/shortcuts/type/2000000000')).statusCode).toBe(404);
    const bad = await t.api('GET', '/shortcuts/type/summary');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('GET shortcuts/type/details', () => {
  it('answers every type, by position, with all its shortcuts by position', async () => {
    const res = await t.api('GET', '/shortcuts/type/details');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(details());
    expect(res.json()[0].shortcuts).toHaveLength(6);
  });
});

describe('GET shortcuts/type/preview', () => {
  it('answers every type with its first four shortcuts by default', async () => {
    const res = await t.api('GET', '/shortcuts/type/preview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(details(4));
    expect(res.json()[0].shortcuts.map((s: { position: number }) => s.position)).toEqual([0, 1, 2, 3]);
  });

  it('takes another limit', async () => {
    expect((await t.api('GET', '/shortcuts/type/preview', { query: { limit: '1' } })).json()).toEqual(details(1));
  });

  it('names a limit out of range', async () => {
    for (const limit of ['0', '21', 'all']) {
      const res = await t.api('GET', '/shortcuts/type/preview', { query: { limit } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('limit');
    }
  });
});
