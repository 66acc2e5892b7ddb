import { z } from 'zod';
import { languageQuery } from './content.js';

// Banners, announcements, slot texts, shortcut types and shortcuts

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
  article_id: z.number().int().nullable(),
  kind: z.enum(['main', 'hot', 'final']),
  position: z.number().int(),
});
export type Banner = z.infer<typeof banner>;

export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  is_modal: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcement>;

export const slotText = z.object({ id: z.number().int(), key: z.string(), title: z.string(), text: z.string() });
export type SlotText = z.infer<typeof slotText>;

export const shortcut = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  position: z.number().int(),
});
export type Shortcut = z.infer<typeof shortcut>;
export const shortcutType = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position: z.number().int(),
});
export type ShortcutType = z.infer<typeof shortcutType>;
export const shortcutTypeDetails = shortcutType.extend({ shortcuts: z.array(shortcut) });
export type ShortcutTypeDetails = z.infer<typeof shortcutTypeDetails>;

export const slotTextQuery = languageQuery.extend({ key: z.string().trim().min(1).max(100).optional() });
/** Shortcut types and shortcuts: their names, titles and descriptions in `lang` (see `contentLanguage`). */
export const shortcutListQuery = languageQuery.extend({ type: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const shortcutPreviewQuery = languageQuery.extend({ limit: z.coerce.number().int().min(1).max(20).default(4) });
