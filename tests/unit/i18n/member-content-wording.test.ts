import { describe, expect, it } from 'vitest';
import { coursesEn, coursesZhCN } from '../../../src/shared/i18n/courses.js';
import { en } from '../../../src/shared/i18n/en.js';
import { zhCN } from '../../../src/shared/i18n/zh-CN.js';

/** `/member/content` lists member courses with the main catalogue (the courses' own loads with the course pages): the same words. */
describe('the member courses on /member/content', () => {
  const pairs = [
    ['memberContent.level.beginner', 'courses.level.beginner'],
    ['memberContent.level.intermediate', 'courses.level.intermediate'],
    ['memberContent.level.advanced', 'courses.level.advanced'],
    ['memberContent.lessons', 'courses.lessons'],
    ['memberContent.lessonsOne', 'courses.lessonsOne'],
    ['memberContent.courseBadge', 'courses.access.premium'],
  ] as const;

  it.each([
    ['English', en, coursesEn],
    ['Chinese', zhCN, coursesZhCN],
  ] as const)('say level, size and access as the course pages do (%s)', (_, main, courses) => {
    for (const [here, there] of pairs) expect(main[here], here).toBe(courses[there]);
  });
});
