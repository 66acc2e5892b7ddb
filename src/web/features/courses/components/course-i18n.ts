import { useMemo } from 'react';
import { coursesEn, coursesZhCN, type CourseMessageKey } from '../../../../shared/i18n/courses.js';
import type { MessageKey } from '../../../../shared/i18n/index.js';
import { useI18n } from '../../../app/context.js';

const catalogues = { en: coursesEn, 'zh-CN': coursesZhCN } as const;

const isCourseKey = (key: string): key is CourseMessageKey => key in coursesEn;

/**
 * The app's `useI18n`, knowing the course pages' own messages too (which load with these pages, not with the
 * main catalogue); any other key is the main catalogue's.
 */
export function useCourseI18n() {
  const { lang, t: main } = useI18n();
  return useMemo(() => {
    const t = (key: CourseMessageKey | MessageKey, vars?: Record<string, string | number>): string => {
      if (!isCourseKey(key)) return main(key, vars);
      const template: string = catalogues[lang][key];
      return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
    };
    return { lang, t, main };
  }, [lang, main]);
}
