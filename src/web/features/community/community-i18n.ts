import { communityEn, communityZhCN } from '../../../shared/i18n/community.js';
import { createFeatureI18n } from '../../lib/feature-i18n.js';

/** The app's `useI18n`, knowing the community pages' own messages too (they load with these pages). */
export const useCommunityI18n = createFeatureI18n({ en: communityEn, 'zh-CN': communityZhCN });
