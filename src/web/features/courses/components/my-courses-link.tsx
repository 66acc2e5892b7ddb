import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths.js';
import { useCourseI18n } from './course-i18n.js';

/**
 * "My courses" on the course pages, for a learner enrolled in at least one course: the way back to the list of
 * their courses from wherever a course left them. A plain link, a 44 px target on a phone.
 */
export function MyCoursesLink() {
  const { t } = useCourseI18n();
  return (
    <Link className="my-courses-link" to={paths.myCourses()}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 6.5C10.5 5 8 4.5 3 4.5v14c5 0 7.5.5 9 2 1.5-1.5 4-2 9-2v-14c-5 0-7.5.5-9 2ZM12 6.5v14" />
      </svg>
      {t('myCourses.title')}
    </Link>
  );
}
