import { beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
type Made = Awaited<ReturnType<typeof createAnnouncement>>;
const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
let shown: Record<'always' | 'windowed' | 'modal' | 'oldest', Made>;
let hidden: Record<'future' | 'ended' | 'off' | 'offModal', Made>;

/** The wire form: is_modal as a boolean, no activity flag or timestamps. */
const wire = (a: Made) => ({
  id: a.id,
  title: a.title,
  content: a.content,
  link: a.link,
  is_modal: a.is_modal === 1,
  starts_at: a.starts_at,
  ends_at: a.ends_at,
});

beforeAll(async () => {
  t = await createTestApp();
  // "Newest" is when it went up: its start, or its creation when it has no start.
  shown = {
    oldest: await createAnnouncement(t, { created_at: at(-72) }),
    windowed: await createAnnouncement(t, { starts_at: at(-2), ends_at: at(2), link: '/member', created_at: at(-96) }),
    always: await createAnnouncement(t, { created_at: at(-1) }),
    modal: await createAnnouncement(t, { is_modal: 1, starts_at: at(-24), created_at: at(-48) }),
  };
  hidden = {
    future: await createAnnouncement(t, { starts_at: at(1) }),
    ended: await createAnnouncement(t, { starts_at: at(-5), ends_at: at(-1) }),
    off: await createAnnouncement(t, { is_active: 0 }),
    offModal: await createAnnouncement(t, { is_active: 0, is_modal: 1 }),
  };
});

describe('GET ad/announcement', () => {
  it('lists the announcements showing now, newest first', async () => {
    const res = await t.api('GET', '/ad/announcement');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([shown.always, shown.windowed, shown.modal, shown.oldest].map(wire));
  });
});

describe('GET ad/announcement/{id}', () => {
  it('answers an announcement while it shows', async () => {
    const res = await t.api('GET', `/ad/announcement/${shown.windowed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(wire(shown.windowed));
  });

  it('answers 404 before, after, when switched off and for no announcement', async () => {
    for (const id of [hidden.future.id, hidden.ended.id, hidden.off.id, 2_000_000_000]) {
      const res = await t.api('GET', `/ad/announcement/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('names a bad id', async () => {
    const res = await t.api('GET', '/ad/announcement/latest');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
  });
});

describe('GET ad/announcementmodal/{id}', () => {
  it('answers a modal announcement while it shows', async () => {
    const res = await t.api('GET', `/ad/announcementmodal/${shown.modal.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...wire(shown.modal), is_modal: true });
  });

  it('answers 404 for one that is not modal, not showing or missing', async () => {
    for (const id of [shown.always.id, hidden.offModal.id, 2_000_000_000]) {
      expect((await t.api('GET', `/ad/announcementmodal/${id}`)).statusCode).toBe(404);
    }
  });

  it('names a bad id', async () => {
    const res = await t.api('GET', '/ad/announcementmodal/0');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
  });
});
