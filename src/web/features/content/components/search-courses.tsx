import { Link } from 'react-router-dom';
import type { CourseSearchHit } from '../../../../shared/api/courses.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';

/**
 * The courses a search found, as a compact list above the articles. The API sends them with the first page only
 * (at most ten) and their count with every page, so a later page or a longer match says where the rest are.
 * Titles and summaries are in the language the course is taught in; the rest is in the reader's.
 */
export function SearchCourses({ courses, count, firstPage }: { courses: CourseSearchHit[]; count: number; firstPage: string | null }) {
  const { t } = useI18n();
  if (count === 0) return null;
  return (
    <section aria-labelledby="course-results-title" className="search-courses">
      <h2 id="course-results-title">{t('search.courses', { count })}</h2>
      {courses.length > 0 && (
        <ul className="related-list">
          {courses.map((course) => (
            <li key={course.id} className="related-list__item">
              <Link to={paths.course(course.id)} className="related-list__title" lang={course.language}>
                {course.title}
              </Link>
              {course.summary && (
                <p className="meta related-list__meta" lang={course.language}>
                  {course.summary}
                </p>
              )}
              <p className="badges">
                <span className={`badge ${course.access === 'free' ? 'badge--free' : 'badge--premium'}`}>{t(`search.courseAccess.${course.access}`)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {courses.length === 0 && firstPage ? (
        <p className="search-courses__more">
          {t('search.coursesOnFirst')} <Link to={firstPage}>{t('search.firstPage')}</Link>
        </p>
      ) : (
        courses.length < count && (
          <p className="search-courses__more">
            {t('search.coursesShown', { shown: courses.length, count })} <Link to={paths.courses()}>{t('search.allCourses')}</Link>
          </p>
        )
      )}
    </section>
  );
}
