import { contentPaths } from '../../../../shared/api/content-paths.js';
import { API_PREFIX } from '../../../../shared/api/prefix.js';
import type { Language } from '../../../../shared/i18n/index.js';

/**
 * The URL the article page reads its answer from (the API's own address for it, in the page's language): what a
 * save stores and the page's offline slot reads back. Apart from the save's planner, which the slot does not load.
 */
export const articleApiUrl = (id: number, lang: Language) => `${API_PREFIX}${contentPaths.article.replace(':id', String(id))}?lang=${lang}`;
