import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC text and booleans are 0/1 integers on both engines,
 * so one query code sorts and compares the same way on SQLite and PostgreSQL.
 */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  display_name: string;
  description: string;
  avatar: string | null;
  mobile: string | null;
  role: 'user' | 'staff' | 'superuser';
  email_verified: Flag;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  family: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  successor_jti: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface TopicsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  cover: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  summary: string;
  cover: string | null;
  body_markdown: string;
  content_html: string;
  body_text: string;
  author_id: number;
  category_id: number | null;
  access: 'free' | 'premium';
  free_read: Flag;
  is_hot: Flag;
  language: string;
  status: 'draft' | 'published';
  reading_time: number;
  view_count: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ArticleTagsTable {
  article_id: number;
  tag_id: number;
}

export interface TopicArticlesTable {
  topic_id: number;
  article_id: number;
  position: number;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  article_id: number | null;
  kind: 'main' | 'hot' | 'final';
  position: number;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  link: string;
  is_modal: Flag;
  is_active: Flag;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SlotTextsTable {
  id: Generated<number>;
  key: string;
  title: string;
  text: string;
  created_at: string;
  updated_at: string;
}

export interface ShortcutTypesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ShortcutsTable {
  id: Generated<number>;
  type_id: number;
  title: string;
  description: string;
  url: string;
  icon: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ReadingProgressTable {
  user_id: number;
  article_id: number;
  progress: number;
  position: number;
  completed: Flag;
  updated_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  user_id: number;
  article_id: number | null;
  url: string;
  reason: string;
  detail: string;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: string;
  updated_at: string;
}

export interface SubmissionsTable {
  id: Generated<number>;
  user_id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size: number;
  note: string;
  status: 'pending' | 'accepted' | 'rejected';
  created_at: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  categories: CategoriesTable;
  tags: TagsTable;
  topics: TopicsTable;
  articles: ArticlesTable;
  article_tags: ArticleTagsTable;
  topic_articles: TopicArticlesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  slot_texts: SlotTextsTable;
  shortcut_types: ShortcutTypesTable;
  shortcuts: ShortcutsTable;
  reading_progress: ReadingProgressTable;
  reports: ReportsTable;
  submissions: SubmissionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
