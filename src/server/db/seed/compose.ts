import { FRAGMENTS_EN } from './demo/fragments-en.js';
import { FRAGMENTS_ZH } from './demo/fragments-zh.js';
import type { Language, LanguageFragments } from './demo/types.js';
import { pick, pickSome, type Random } from './random.js';

export interface ComposedArticle {
  title: string;
  summary: string;
  body: string;
}

const FRAGMENTS: Record<Language, LanguageFragments> = { en: FRAGMENTS_EN, 'zh-CN': FRAGMENTS_ZH };

export const GENERATED_CATEGORIES = Object.keys(FRAGMENTS_EN.categories);

function fill(template: string, subject: string): string {
  const capital = subject.charAt(0).toUpperCase() + subject.slice(1);
  return template.replaceAll('{Subject}', capital).replaceAll('{subject}', subject);
}

/**
 * A short article on one subject of a category: an opening, two sections (one with a list) and a
 * closing (about 300 words in English), drawn from hand-written fragments so that it reads like a real piece.
 */
export function composeArticle(random: Random, language: Language, category: string): ComposedArticle {
  const all = FRAGMENTS[language];
  const own = all.categories[category];
  if (!own) throw new Error(`No fragments for category "${category}"`);
  const subject = pick(random, own.subjects);
  const title = pick(random, random() < 0.6 ? own.titles : all.titles);
  const [headingA, headingB] = pickSome(random, all.headings, 2);
  const [ownA, ownB] = pickSome(random, own.paragraphs, 2);
  const [sharedA, sharedB] = pickSome(random, all.paragraphs, 2);
  const list = pick(random, own.lists);
  const items = list.items.length > 3 && random() < 0.5 ? list.items.slice(0, -1) : list.items;
  const closing = pick(random, random() < 0.6 ? own.closings : all.closings);
  const blocks = [
    pick(random, own.intros),
    `## ${headingA}`,
    ownA,
    sharedA,
    `## ${headingB}`,
    list.lead,
    items.map((item) => `- ${item}`).join('\n'),
    ownB,
    sharedB,
    `## ${pick(random, all.closingHeadings)}`,
    closing,
  ];
  return {
    title: fill(title, subject),
    summary: fill(pick(random, all.summaries), subject),
    body: `${blocks.map((b) => fill(b, subject)).join('\n\n')}\n`,
  };
}
