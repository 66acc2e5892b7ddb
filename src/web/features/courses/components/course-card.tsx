import { Link } from 'react-router-dom';
import type { CourseCard as Card, CourseProduct } from '../../../../shared/api/courses.js';
import { useCourseI18n } from './course-i18n.js';
import { paths } from '../../../app/paths.js';
import { AccessTag } from './access-tag.js';

/** Tags a card names; the course page lists them all. */
const CARD_TAGS = 3;

/**
 * A course in a list: cover, title, summary, level, tags, category, lesson count and what it costs. The title
 * and summary are in the language the course is taught in; everything else is in the reader's.
 */
export function CourseCard({ course, product }: { course: Card; product: CourseProduct | null }) {
  const { t } = useCourseI18n();
  const tags = course.tags.slice(0, CARD_TAGS);
  return (
    <article className={course.cover ? 'card card--cover course-card' : 'card course-card'}>
      <div className="card__body">
        <p className="badges">
          <AccessTag access={course.access} product={product} />
          <span className="badge course-card__level">{t(`courses.level.${course.level}`)}</span>
        </p>
        <h2 className="card__title" lang={course.language}>
          <Link to={paths.course(course.id)}>{course.title}</Link>
        </h2>
        {course.summary && (
          <p className="card__summary" lang={course.language}>
            {course.summary}
          </p>
        )}
        {tags.length > 0 && (
          <ul className="card__tags">
            {tags.map((tag) => (
              <li key={tag.id}>#{tag.name}</li>
            ))}
          </ul>
        )}
        <p className="meta">
          {course.category && <span>{course.category.name} · </span>}
          {t(course.lesson_count === 1 ? 'courses.lessonsOne' : 'courses.lessons', { count: course.lesson_count })}
        </p>
      </div>
      {course.cover && <img className="card__cover" src={course.cover} alt="" loading="lazy" decoding="async" />}
    </article>
  );
}
