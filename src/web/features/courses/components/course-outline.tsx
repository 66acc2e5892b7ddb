import { Link } from 'react-router-dom';
import type { CourseOutline } from '../../../../shared/api/courses.js';
import { useCourseI18n } from './course-i18n.js';
import { paths } from '../../../app/paths.js';

type Lesson = CourseOutline['lessons'][number];

/** Consecutive lessons of the same chapter, in course order. */
export function chaptersOf(lessons: Lesson[]): { chapter: string; lessons: Lesson[] }[] {
  const groups: { chapter: string; lessons: Lesson[] }[] = [];
  for (const lesson of lessons) {
    const last = groups.at(-1);
    if (last && last.chapter === lesson.chapter) last.lessons.push(lesson);
    else groups.push({ chapter: lesson.chapter, lessons: [lesson] });
  }
  return groups;
}

/**
 * The course's lessons by chapter, each with what it is for the caller: locked, done, a free preview. Chapter
 * and lesson names are in `lang`, the language the course is taught in; the marks in the reader's.
 */
export function CourseOutlineList({ outline, lang, headingLevel = 3 }: { outline: CourseOutline; lang: string; headingLevel?: 3 | 4 }) {
  const { t } = useCourseI18n();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="course-outline">
      {chaptersOf(outline.lessons).map((group, index) => (
        <div key={`${index}-${group.chapter}`} className="course-outline__chapter">
          {group.chapter && <Heading className="course-outline__title" lang={lang}>{group.chapter}</Heading>}
          <ol className="course-outline__lessons">
            {group.lessons.map((lesson) => (
              <li key={lesson.id} className="course-outline__lesson" data-locked={lesson.locked} data-done={lesson.done === true}>
                <Link to={paths.lesson(outline.course_id, lesson.id)}>
                  <span className="course-outline__name" lang={lang}>{lesson.title}</span>
                  <span className="course-outline__marks">
                    {lesson.is_free_preview && !lesson.done && <span className="badge badge--free">{t('course.freePreview')}</span>}
                    {lesson.locked && (
                      <span className="course-outline__mark">
                        <span aria-hidden="true">🔒 </span>
                        {t('course.lessonLocked')}
                      </span>
                    )}
                    {lesson.done && (
                      <span className="course-outline__mark course-outline__mark--done">
                        <span aria-hidden="true">✓ </span>
                        {t('course.lessonDone')}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
