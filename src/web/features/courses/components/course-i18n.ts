import { coursesEn, coursesZhCN } from '../../../../shared/i18n/courses.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';

/** The app's `useI18n`, knowing the course pages' own messages too (they load with these pages). */
export const useCourseI18n = createFeatureI18n({ en: coursesEn, 'zh-CN': coursesZhCN });

/**
 * A message (`t(key)` without values, so its placeholders stay) cut around one placeholder: the value can then
 * sit in an element of its own, a `<bdi>` for a name or a `lang` for the course's own words.
 */
export function around(template: string, placeholder: string): [before: string, after: string] {
  const [before, after = ''] = template.split(`{${placeholder}}`);
  return [before, after];
}
