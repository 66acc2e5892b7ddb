import { describe, expect, it } from 'vitest';
import { AUTHORS } from '../../../src/server/db/seed/demo/authors.js';
import { ANNOUNCEMENTS, BANNERS, SLOT_TEXTS } from '../../../src/server/db/seed/demo/site.js';
import { CATEGORIES, TAGS, TOPICS } from '../../../src/server/db/seed/demo/taxonomy.js';

const HAN = /\p{Script=Han}/u;

/** The default text is English (no Chinese characters) and its Chinese version is written in Chinese. */
function expectBilingual(what: string, english: Record<string, string>, chinese: Record<string, string> | undefined) {
  expect(chinese, `${what} has a Chinese version`).toBeDefined();
  for (const [field, text] of Object.entries(english)) {
    expect(HAN.test(text), `${what}.${field} is English`).toBe(false);
    expect(chinese![field], `${what}.${field} in Chinese`).toMatch(HAN);
  }
}

describe('demo editorial content in both languages', () => {
  it('has every slot text, announcement and banner in English and Chinese', () => {
    for (const s of SLOT_TEXTS) expectBilingual(`slot ${s.key}`, { title: s.title, text: s.text }, s.translations['zh-CN']);
    for (const a of ANNOUNCEMENTS) expectBilingual(`announcement ${a.title}`, { title: a.title, content: a.content }, a.translations['zh-CN']);
    for (const b of BANNERS) expectBilingual(`banner ${b.title}`, { title: b.title, subtitle: b.subtitle }, b.translations['zh-CN']);
  });

  it('has every category, tag, topic and author description in English and Chinese', () => {
    for (const term of [...CATEGORIES, ...TAGS, ...TOPICS]) expectBilingual(`term ${term.slug}`, { description: term.description }, term.translations['zh-CN']);
    for (const author of AUTHORS) expectBilingual(`author ${author.username}`, { description: author.description }, author.translations?.['zh-CN']);
  });
});
