import type { Language } from '../../../shared/i18n/index.js';

/**
 * The menu entry's name, apart from the library's messages (`shared/i18n/offline.ts`): the header shows it on
 * every page, and these two words are all it needs to bring.
 */
export const OFFLINE_MENU_LABEL: Record<Language, string> = { en: 'Offline library', 'zh-CN': '离线内容' };
