import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { CourseCard } from '../../../../shared/api/courses.js';
import { coursesPaths } from '../../../../shared/api/courses-paths.js';
import type { HttpClient } from '../../../lib/http.js';
import { GUEST } from './guest.js';

/** Member courses shown on the members' content page; the catalogue orders them. */
export const MEMBER_COURSES_LIMIT = 12;

/** The published courses a membership opens (`access=premium`), as a guest sees the catalogue. */
export const memberCoursesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['courses', 'list', { access: 'premium', page_size: MEMBER_COURSES_LIMIT }] as const,
    queryFn: () => http.get<Paginated<CourseCard>>(coursesPaths.courses, { access: 'premium', page_size: MEMBER_COURSES_LIMIT }, GUEST),
  });
