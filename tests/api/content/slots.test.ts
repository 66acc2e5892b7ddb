import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createSlotText } from '../helpers/factories.js';

let t: TestApp;
type Made = Awaited<ReturnType<typeof createSlotText>>;
let footer: Made;
let banner: Made;

const wire = (s: Made) => ({ id: s.id, key: s.key, title: s.title, text: s.text });

beforeAll(async () => {
  t = await createTestApp();
  footer = await createSlotText(t, { key: 'home.footer', title: 'Footer', text: 'Made with care.' });
  banner = await createSlotText(t, { key: 'home.banner', title: 'Banner', text: 'Welcome!' });
});

describe('GET slot/text', () => {
  it('lists every slot text by key', async () => {
    const res = await t.api('GET', '/slot/text');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([wire(banner), wire(footer)]);
  });

  it('keeps only the one with the key asked for, or none', async () => {
    expect((await t.api('GET', '/slot/text', { query: { key: 'home.footer' } })).json()).toEqual([wire(footer)]);
    expect((await t.api('GET', '/slot/text', { query: { key: 'home.nothing' } })).json()).toEqual([]);
  });

  it('names a bad key', async () => {
    const res = await t.api('GET', '/slot/text', { query: { key: 'k'.repeat(101) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('key');
  });
});

describe('GET slot/text/{id}', () => {
  it('answers the slot text', async () => {
    const res = await t.api('GET', `/slot/text/${footer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(wire(footer));
  });

  it('answers 404 and 400', async () => {
    const missing = await t.api('GET', '/slot/text/2000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
    const bad = await t.api('GET', '/slot/text/home.footer');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});
