import { composeArticle, GENERATED_CATEGORIES } from './compose.js';
import { CATEGORY_AFFINITY, TAGS } from './demo/taxonomy.js';
import type { Language } from './demo/types.js';
import { pick, pickSome, type Random } from './random.js';

/** An article ready to insert, its references still named by slug and username. */
export interface PlannedArticle {
  slug: string;
  title: string;
  summary: string;
  body: string;
  author: string;
  category: string;
  tags: string[];
  topics: string[];
  language: Language;
  access: 'free' | 'premium';
  free_read: boolean;
  is_hot: boolean;
  published_at: string;
  cover: string | null;
  view_count: number;
}

export interface GenerateOptions {
  count: number;
  /** Makes each slug unique: the demo uses a counter, the large seed a run token plus a counter. */
  slugSuffix: (index: number) => string;
  now: number;
  /** Titles already taken; when given, a title is not used twice. */
  usedTitles?: Set<string>;
}

const DAY = 24 * 3600 * 1000;
const AUTHORS_BY_LANGUAGE: Record<Language, string[]> = {
  en: ['maren', 'tomas', 'zhiyuan', 'yutong'],
  'zh-CN': ['zhiyuan', 'yutong'],
};
const ALL_TAGS = TAGS.map((t) => t.slug);

export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** Readable generated articles spread over the categories, both languages and the past year. */
export function planGenerated(random: Random, options: GenerateOptions): PlannedArticle[] {
  const planned: PlannedArticle[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const language: Language = random() < 0.6 ? 'en' : 'zh-CN';
    const category = pick(random, GENERATED_CATEGORIES);
    let composed = composeArticle(random, language, category);
    for (let tries = 0; options.usedTitles?.has(composed.title) && tries < 50; tries += 1) {
      composed = composeArticle(random, language, category);
    }
    options.usedTitles?.add(composed.title);
    const affinity = CATEGORY_AFFINITY[category]!;
    const tags = pickSome(random, affinity.tags, 1 + Math.floor(random() * 3));
    if (random() < 0.3) tags.push(pick(random, ALL_TAGS));
    const premium = random() < 0.1;
    const hot = random() < 0.06;
    const suffix = options.slugSuffix(i);
    planned.push({
      ...composed,
      slug: language === 'en' ? `${slugify(composed.title)}-${suffix}` : `${category}-note-${suffix}`,
      author: pick(random, AUTHORS_BY_LANGUAGE[language]),
      category,
      tags: [...new Set(tags)],
      topics: affinity.topic && random() < 0.25 ? [affinity.topic] : [],
      language,
      access: premium ? 'premium' : 'free',
      free_read: premium && random() < 0.3,
      is_hot: hot,
      published_at: new Date(options.now - 3600_000 - Math.floor(random() * 365 * DAY)).toISOString(),
      cover: random() < 0.85 ? `/media/demo/cover-${pick(random, affinity.covers)}.webp` : null,
      view_count: hot ? 1500 + Math.floor(random() * 4500) : Math.floor(random() ** 2 * 1500),
    });
  }
  return planned;
}
