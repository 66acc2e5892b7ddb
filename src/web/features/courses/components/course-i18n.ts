import { coursesEn, coursesZhCN } from '../../../../shared/i18n/courses.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';

/** The app's `useI18n`, knowing the course pages' own messages too (they load with these pages). */
export const useCourseI18n = createFeatureI18n({ en: coursesEn, 'zh-CN': coursesZhCN });
