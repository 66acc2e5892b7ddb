import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHORS, DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo/authors.js';
import { ANNOUNCEMENTS, BANNERS, SHORTCUT_TYPES, SLOT_TEXTS } from '../../../src/server/db/seed/demo/site.js';
import { CATEGORIES, CATEGORY_AFFINITY, TAGS, TOPICS } from '../../../src/server/db/seed/demo/taxonomy.js';
import { HAND_WRITTEN } from '../../../src/server/db/seed/demo-seed.js';
import { MEMBER_SHORTCUT_TYPE } from '../../../src/shared/api/membership-paths.js';

const mediaDir = path.resolve('public/media/demo');
const mediaFile = (url: string) => path.join(mediaDir, url.replace(/^\/media\/demo\//, ''));
const englishWords = (text: string) => text.replace(/~~~[\s\S]*?~~~/g, '').split(/\s+/).filter(Boolean).length;
const hanCharacters = (text: string) => (text.replace(/~~~[\s\S]*?~~~/g, '').match(/[\u4e00-\u9fff]/g) ?? []).length;

describe('hand-written demo articles', () => {
  it('are a dozen: at least 6 in English and 4 in Chinese, with unique slugs and titles', () => {
    expect(HAND_WRITTEN.length).toBeGreaterThanOrEqual(12);
    expect(HAND_WRITTEN.filter((a) => a.language === 'en').length).toBeGreaterThanOrEqual(6);
    expect(HAND_WRITTEN.filter((a) => a.language === 'zh-CN').length).toBeGreaterThanOrEqual(4);
    expect(new Set(HAND_WRITTEN.map((a) => a.slug)).size).toBe(HAND_WRITTEN.length);
    expect(new Set(HAND_WRITTEN.map((a) => a.title)).size).toBe(HAND_WRITTEN.length);
  });

  it('have full-length bodies', () => {
    for (const a of HAND_WRITTEN) {
      // 400-1200 words; a Chinese word averages under two characters.
      const size = a.language === 'en' ? englishWords(a.body) : hanCharacters(a.body) / 1.6;
      expect(size, a.slug).toBeGreaterThanOrEqual(400);
      expect(size, a.slug).toBeLessThanOrEqual(1200);
    }
  });

  it('include code with languages, tables, lists and figures', () => {
    const bodies = HAND_WRITTEN.map((a) => a.body);
    expect(bodies.filter((b) => /^~~~(ts|sql|bash|html)$/m.test(b)).length).toBeGreaterThanOrEqual(5);
    expect(bodies.filter((b) => /^\|---/m.test(b)).length).toBeGreaterThanOrEqual(3);
    expect(bodies.filter((b) => /^- /m.test(b)).length).toBeGreaterThanOrEqual(6);
    expect(bodies.filter((b) => /!\[[^\]]+\]\(\/media\/demo\//.test(b)).length).toBeGreaterThanOrEqual(4);
  });

  it('refer only to authors, categories, tags, topics and images that exist', () => {
    const authors = new Set(AUTHORS.map((a) => a.username));
    const categories = new Set(CATEGORIES.map((c) => c.slug));
    const tags = new Set(TAGS.map((t) => t.slug));
    const topics = new Set(TOPICS.map((t) => t.slug));
    for (const a of HAND_WRITTEN) {
      expect(authors.has(a.author), a.slug).toBe(true);
      expect(categories.has(a.category), a.slug).toBe(true);
      for (const tag of a.tags) expect(tags.has(tag), `${a.slug} ${tag}`).toBe(true);
      for (const topic of a.topics) expect(topics.has(topic), `${a.slug} ${topic}`).toBe(true);
      expect(existsSync(mediaFile(a.cover)), a.cover).toBe(true);
      for (const [, src] of a.body.matchAll(/\]\((\/media\/demo\/[^)]+)\)/g)) expect(existsSync(mediaFile(src!)), src).toBe(true);
    }
  });
});

describe('demo site data', () => {
  it('has 6 categories, 15 tags and 3 described topics, all with unique slugs', () => {
    expect(CATEGORIES).toHaveLength(6);
    expect(TAGS).toHaveLength(15);
    expect(TOPICS).toHaveLength(3);
    for (const list of [CATEGORIES, TAGS, TOPICS]) expect(new Set(list.map((t) => t.slug)).size).toBe(list.length);
    for (const topic of TOPICS) {
      expect(topic.description.length).toBeGreaterThan(40);
      expect(existsSync(mediaFile(topic.cover))).toBe(true);
    }
    expect(Object.keys(CATEGORY_AFFINITY).sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
  });

  it('has four authors with avatars and the three demo accounts', () => {
    expect(AUTHORS).toHaveLength(4);
    for (const a of AUTHORS) expect(existsSync(mediaFile(a.avatar!)), a.username).toBe(true);
    expect(DEMO_ACCOUNTS.map((a) => [a.username, a.role])).toEqual([
      ['editor', 'staff'],
      ['reader', 'user'],
      ['member', 'user'],
    ]);
  });

  it('holds no password: the welcome text says where the generated ones are', () => {
    for (const user of [...AUTHORS, ...DEMO_ACCOUNTS]) expect(Object.keys(user)).not.toContain('password');
    const texts = JSON.stringify([ANNOUNCEMENTS, SLOT_TEXTS, BANNERS, SHORTCUT_TYPES]);
    expect(texts).not.toMatch(/lectern-(editor|reader)|password [a-z-]+\)/i);
    const welcome = ANNOUNCEMENTS.find((a) => a.is_modal)!;
    expect(welcome.content).toContain('demo-credentials.txt');
    expect(welcome.content).toContain('DATA_DIR');
  });

  it('has banners of every kind, one bar and one modal announcement, and the slot texts', () => {
    expect(new Set(BANNERS.map((b) => b.kind))).toEqual(new Set(['main', 'hot', 'final']));
    for (const b of BANNERS) expect(existsSync(mediaFile(b.image)), b.image).toBe(true);
    expect(ANNOUNCEMENTS.map((a) => a.is_modal).sort()).toEqual([false, true]);
    expect(SLOT_TEXTS.map((s) => s.key)).toEqual(expect.arrayContaining(['home_intro', 'membership_pitch', 'commercial_disclosures', 'footer_note']));
  });

  it('has four shortcut types of four to six shortcuts, one of them for members', () => {
    expect(SHORTCUT_TYPES.map((type) => type.slug)).toEqual(['start-here', 'popular-searches', 'documentation', MEMBER_SHORTCUT_TYPE]);
    for (const type of SHORTCUT_TYPES) {
      expect(type.shortcuts.length).toBeGreaterThanOrEqual(4);
      expect(type.shortcuts.length).toBeLessThanOrEqual(6);
    }
  });

  it('keeps the demo images small', () => {
    const files = readdirSync(mediaDir);
    expect(files.every((f) => f.endsWith('.webp'))).toBe(true);
    const total = files.reduce((sum, f) => sum + statSync(path.join(mediaDir, f)).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });
});
