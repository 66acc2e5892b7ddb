import type { Language } from '../../shared/i18n/index.js';

/**
 * "My courses" as the header's account menu and the account page name it, apart from the course pages' messages
 * (which load with those pages): the header shows it everywhere.
 */
export const MY_COURSES_LABEL: Record<Language, string> = { en: 'My courses', 'zh-CN': '我的课程' };
