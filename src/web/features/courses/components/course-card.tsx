import { Link } from 'react-router-dom';
import type { CourseCard as Card, CourseProduct } from '../../../../shared/api/courses.js';
import { useCourseI18n } from './course-i18n.js';
import { paths } from '../../../app/paths.js';
import { AccessTag } from './access-tag.js';

/** A course in a list: cover, title, summary, level, lesson count and what it costs. */
export function CourseCard({ course, product }: { course: Card; product: CourseProduct | null }) {
  const { t } = useCourseI18n();
  return (
    <article className={course.cover ? 'card card--cover course-card' : 'card course-card'} lang={course.language}>
      <div className="card__body">
        <p className="badges">
          <AccessTag access={course.access} product={product} />
          <span className="badge course-card__level">{t(`courses.level.${course.level}`)}</span>
        </p>
        <h2 className="card__title">
          <Link to={paths.course(course.id)}>{course.title}</Link>
        </h2>
        {course.summary && <p className="card__summary">{course.summary}</p>}
        <p className="meta">{t(course.lesson_count === 1 ? 'courses.lessonsOne' : 'courses.lessons', { count: course.lesson_count })}</p>
      </div>
      {course.cover && <img className="card__cover" src={course.cover} alt="" loading="lazy" decoding="async" />}
    </article>
  );
}
