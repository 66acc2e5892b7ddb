/** Shapes of the demo content. Cross-references use slugs and usernames; ids come from the inserts. */
export type Language = 'en' | 'zh-CN';

/**
 * A demo text's versions in the languages other than English, the site's default, in which the text's own
 * fields are written: by language, the fields translated.
 */
export type DemoTranslations<F extends string> = Partial<Record<Exclude<Language, 'en'>, Record<F, string>>>;

export interface DemoUser {
  username: string;
  email: string;
  display_name: string;
  description: string;
  avatar: string | null;
  role: 'user' | 'staff';
  translations?: DemoTranslations<'description'>;
}

export interface DemoTerm {
  name: string;
  slug: string;
  description: string;
  /** The name and description in Chinese: the slug stays the same in every language. */
  translations: DemoTranslations<'name' | 'description'>;
}

export interface DemoTopic extends DemoTerm {
  cover: string;
}

export interface HandWrittenArticle {
  slug: string;
  title: string;
  summary: string;
  author: string;
  category: string;
  tags: string[];
  topics: string[];
  language: Language;
  access: 'free' | 'premium';
  free_read: boolean;
  is_hot: boolean;
  /** How long ago it was published, so the demo always looks recent. */
  days_ago: number;
  cover: string;
  body: string;
}

/** A link inside the site named by slug, resolved to a path once the ids are known. */
export type DemoLink = string | { article: string } | { topic: string } | { tag: string } | { category: string };

export interface DemoBanner {
  title: string;
  subtitle: string;
  image: string;
  kind: 'main' | 'hot' | 'final';
  link: DemoLink;
  translations: DemoTranslations<'title' | 'subtitle'>;
}

export interface DemoAnnouncement {
  title: string;
  content: string;
  link: DemoLink;
  is_modal: boolean;
  translations: DemoTranslations<'title' | 'content'>;
}

/** One of the site's own pages (terms, privacy...): live, and listed in the footer in this order. */
export interface DemoPage {
  slug: string;
  title: string;
  body_markdown: string;
  translations: DemoTranslations<'title' | 'body_markdown'>;
}

export interface DemoSlotText {
  key: string;
  title: string;
  text: string;
  translations: DemoTranslations<'title' | 'text'>;
}

export interface DemoShortcutType {
  name: string;
  slug: string;
  description: string;
  translations: DemoTranslations<'name' | 'description'>;
  shortcuts: { title: string; description: string; url: DemoLink; translations: DemoTranslations<'title' | 'description'> }[];
}

/** Fragments that generated articles are composed from; `{subject}` and `{Subject}` are filled in. */
export interface CategoryFragments {
  subjects: string[];
  titles: string[];
  intros: string[];
  paragraphs: string[];
  lists: { lead: string; items: string[] }[];
  closings: string[];
}

export interface LanguageFragments {
  titles: string[];
  summaries: string[];
  headings: string[];
  paragraphs: string[];
  closingHeadings: string[];
  closings: string[];
  categories: Record<string, CategoryFragments>;
}
