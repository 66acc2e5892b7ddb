import { queryOptions } from '@tanstack/react-query';
import type { Announcement, Banner, Shortcut, ShortcutType, ShortcutTypeDetails, SlotText } from '../../../../shared/api/content-site.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

/**
 * What editors place around the site: banners, announcements, slot texts and shortcuts. They all come in
 * the reader's language, which their keys and URLs name.
 */
export const editorialKeys = {
  banners: (lang: Language) => ['banners', 'main', lang] as const,
  announcements: (lang: Language) => ['announcements', lang] as const,
  slotTexts: (lang: Language, key: string | undefined) => ['slot-texts', lang, key ?? ''] as const,
  shortcutPreview: (lang: Language) => ['shortcuts', 'preview', lang] as const,
  shortcutsOfType: (lang: Language, slug: string) => ['shortcuts', 'type', slug, lang] as const,
};

export const SHORTCUT_PREVIEW_LIMIT = 8;

/**
 * Slot texts that have a place of their own. Every other slot text is an editors' note shown on the
 * essentials page, so a new one appears there without code.
 */
export const SLOT_KEYS = {
  disclosures: 'commercial_disclosures',
  homeIntro: 'home_intro',
  aboutIntro: 'about_intro',
} as const;

const placedKeys: ReadonlySet<string> = new Set(Object.values(SLOT_KEYS));
export const isEditorsNote = (slot: SlotText) => !placedKeys.has(slot.key) && slot.text.trim() !== '';

/** The text of the slot `key` in a slot text list, when it has any. */
export const slotWithKey = (slots: SlotText[] | undefined, key: string) => slots?.find((slot) => slot.key === key && slot.text.trim());

export const bannersQuery = (http: HttpClient, lang: Language) =>
  queryOptions({ queryKey: editorialKeys.banners(lang), queryFn: () => http.get<Banner[]>(contentPaths.banner, { lang }, GUEST) });

export const announcementsQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: editorialKeys.announcements(lang),
    queryFn: () => http.get<Announcement[]>(contentPaths.announcements, { lang }, GUEST),
  });

/** Every slot text, or the one with `key`. */
export const slotTextsQuery = (http: HttpClient, lang: Language, key?: string) =>
  queryOptions({ queryKey: editorialKeys.slotTexts(lang, key), queryFn: () => http.get<SlotText[]>(contentPaths.slotTexts, { key, lang }, GUEST) });

export const shortcutPreviewQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: editorialKeys.shortcutPreview(lang),
    queryFn: () => http.get<ShortcutTypeDetails[]>(contentPaths.shortcutTypePreview, { limit: SHORTCUT_PREVIEW_LIMIT, lang }, GUEST),
  });

/** The shortcut type with this slug and its shortcuts by position; a null type when editors have not made one. */
export const shortcutsOfTypeQuery = (http: HttpClient, lang: Language, slug: string) =>
  queryOptions({
    queryKey: editorialKeys.shortcutsOfType(lang, slug),
    queryFn: async (): Promise<{ type: ShortcutType | null; shortcuts: Shortcut[] }> => {
      const type = (await http.get<ShortcutType[]>(contentPaths.shortcutTypes, { lang }, GUEST)).find((t) => t.slug === slug) ?? null;
      if (!type) return { type, shortcuts: [] };
      return { type, shortcuts: await http.get<Shortcut[]>(contentPaths.shortcuts, { type: type.id, lang }, GUEST) };
    },
  });
