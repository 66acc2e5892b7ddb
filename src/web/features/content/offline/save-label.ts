import type { Language } from '../../../../shared/i18n/index.js';

/**
 * The words of the article page's "Save for offline" button before it is pressed, apart from the library's
 * messages: a guest's first visit brings these words and nothing else of the save (the control, its machine
 * and its catalogue load when the button is pressed).
 */
export const SAVE_LABEL: Record<Language, string> = { en: 'Save for offline', 'zh-CN': '保存以离线阅读' };
