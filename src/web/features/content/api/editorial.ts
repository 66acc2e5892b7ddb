import { queryOptions } from '@tanstack/react-query';
import type { Announcement, Banner, Shortcut, ShortcutType, ShortcutTypeDetails, SlotText } from '../../../../shared/api/content.js';
import { contentPaths } from '../../../../shared/api/content-paths.js';
import type { HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

/** What editors place around the site: banners, announcements, slot texts and shortcuts. */
export const editorialKeys = {
  banners: ['banners', 'main'] as const,
  announcements: ['announcements'] as const,
  slotTexts: (key: string | undefined) => ['slot-texts', key ?? ''] as const,
  shortcutPreview: ['shortcuts', 'preview'] as const,
  shortcutsOfType: (slug: string) => ['shortcuts', 'type', slug] as const,
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

export const bannersQuery = (http: HttpClient) =>
  queryOptions({ queryKey: editorialKeys.banners, queryFn: () => http.get<Banner[]>(contentPaths.banner, undefined, GUEST) });

export const announcementsQuery = (http: HttpClient) =>
  queryOptions({ queryKey: editorialKeys.announcements, queryFn: () => http.get<Announcement[]>(contentPaths.announcements, undefined, GUEST) });

/** Every slot text, or the one with `key`. */
export const slotTextsQuery = (http: HttpClient, key?: string) =>
  queryOptions({ queryKey: editorialKeys.slotTexts(key), queryFn: () => http.get<SlotText[]>(contentPaths.slotTexts, { key }, GUEST) });

export const shortcutPreviewQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: editorialKeys.shortcutPreview,
    queryFn: () => http.get<ShortcutTypeDetails[]>(contentPaths.shortcutTypePreview, { limit: SHORTCUT_PREVIEW_LIMIT }, GUEST),
  });

/** The shortcut type with this slug and its shortcuts by position; a null type when editors have not made one. */
export const shortcutsOfTypeQuery = (http: HttpClient, slug: string) =>
  queryOptions({
    queryKey: editorialKeys.shortcutsOfType(slug),
    queryFn: async (): Promise<{ type: ShortcutType | null; shortcuts: Shortcut[] }> => {
      const type = (await http.get<ShortcutType[]>(contentPaths.shortcutTypes, undefined, GUEST)).find((t) => t.slug === slug) ?? null;
      if (!type) return { type, shortcuts: [] };
      return { type, shortcuts: await http.get<Shortcut[]>(contentPaths.shortcuts, { type: type.id }, GUEST) };
    },
  });
