import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { CourseCard } from '../../../../shared/api/courses.js';
import { coursesPaths } from '../../../../shared/api/courses-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

/** Member courses shown on the members' content page; the catalogue orders them. */
export const MEMBER_COURSES_LIMIT = 12;

const params = { access: 'premium', page_size: MEMBER_COURSES_LIMIT } as const;

/**
 * The published courses a membership opens (`access=premium`), as a guest sees the catalogue. Cards name their
 * category and tags in `lang`: the key ends with it and the call passes it, as the course catalogue's does.
 */
export const memberCoursesQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: ['courses', 'list', params, lang] as const,
    queryFn: () => http.get<Paginated<CourseCard>>(coursesPaths.courses, { ...params, lang }, GUEST),
  });
