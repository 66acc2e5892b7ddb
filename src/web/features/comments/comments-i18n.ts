import { commentsEn, commentsZhCN } from '../../../shared/i18n/comments.js';
import { createFeatureI18n } from '../../lib/feature-i18n.js';

/** The app's `useI18n`, knowing the comments section's own messages too (they load with the section). */
export const useCommentsI18n = createFeatureI18n({ en: commentsEn, 'zh-CN': commentsZhCN });
