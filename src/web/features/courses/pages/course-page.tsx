import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { useCourseI18n } from '../components/course-i18n.js';
import { paths } from '../../../app/paths.js';
import { parseId, requireId } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { courseOutlineQuery, courseProgressQuery, courseQuery } from '../api/courses.js';
import { AccessTag, lowestPrice } from '../components/access-tag.js';
import { CourseAction } from '../components/course-action.js';
import { CourseOutlineList } from '../components/course-outline.js';
import { MyCoursesLink } from '../components/my-courses-link.js';
import { ProgressMeter } from '../components/progress-meter.js';
import { RichBody } from '../components/rich-body.js';
import { useViewer } from '../components/viewer.js';
import { isConnectionFailure } from '../../../lib/offline/progress-outbox.js';
import { useOnline } from '../../../lib/online-status.js';
import { SaveCourseOffline } from '../offline/save-control.js';
import { TranslationLink } from '../../../ui/translation-link.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.courseId, request);
  await Promise.all([queryClient.ensureQueryData(courseQuery(http, id, lang)), queryClient.ensureQueryData(courseOutlineQuery(http, id))]);
  return null;
}

/**
 * `/course/{id}`: the course as a guest sees it, rendered on the server; after hydration a logged-in reader's
 * own copy (access, enrolment, done marks) and progress replace it.
 */
export function Component() {
  const http = useHttp();
  const { t, lang } = useCourseI18n();
  const id = parseId(useParams().courseId)!;
  const { viewer } = useViewer();
  const { data: guestCourse } = useSuspenseQuery(courseQuery(http, id, lang));
  const { data: guestOutline } = useSuspenseQuery(courseOutlineQuery(http, id));
  const mine = useQuery({ ...courseQuery(http, id, lang, viewer), enabled: viewer > 0 });
  const myOutline = useQuery({ ...courseOutlineQuery(http, id, viewer), enabled: viewer > 0 });
  const progress = useQuery({ ...courseProgressQuery(http, id, viewer), enabled: viewer > 0 });
  const course = (viewer && mine.data) || guestCourse;
  const outline = (viewer && myOutline.data) || guestOutline;
  const learner = viewer > 0 && progress.data;
  const online = useOnline();
  // A saved course opened offline: the course and outline are the device's copies, the progress is not saved.
  const progressOffline = viewer > 0 && !progress.data && (!online || (progress.isError && isConnectionFailure(progress.error)));
  return (
    <>
      <Head title={guestCourse.title} description={guestCourse.summary} canonical={paths.course(id)} image={guestCourse.cover} />
      {/* The course's own texts carry the language it is taught in; the interface's are in the reader's. */}
      <article className="course">
        <header className="page-header course__header">
          <p className="page-header__kicker">{t('course.kicker')}</p>
          <h1 lang={course.language}>{course.title}</h1>
          <TranslationLink translation={course.translation} to={paths.course} />
          <p className="badges">
            <AccessTag access={course.access} product={lowestPrice(course.products)} />
            <span className="badge">{t(`courses.level.${course.level}`)}</span>
          </p>
          {course.summary && (
            <p className="page-header__description" lang={course.language}>
              {course.summary}
            </p>
          )}
          <p className="meta">{t(course.lesson_count === 1 ? 'courses.lessonsOne' : 'courses.lessons', { count: course.lesson_count })}</p>
          {(course.category || course.tags.length > 0) && (
            // Names in the reader's language; each opens the filtered catalogue.
            <dl className="taxonomy">
              {course.category && (
                <div>
                  <dt>{t('courses.category')}</dt>
                  <dd>
                    <ul className="chips">
                      <li><Link className="chip" to={paths.courses(`category=${course.category.id}`)}>{course.category.name}</Link></li>
                    </ul>
                  </dd>
                </div>
              )}
              {course.tags.length > 0 && (
                <div>
                  <dt>{t('article.tags')}</dt>
                  <dd>
                    <ul className="chips">
                      {course.tags.map((tag) => (
                        <li key={tag.id}><Link className="chip" to={paths.courses(`tag=${tag.id}`)}>{tag.name}</Link></li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
            </dl>
          )}
        </header>
        {course.cover && <img className="article__cover" src={course.cover} alt="" decoding="async" />}
        {learner && learner.enrolled && (
          <>
            <ProgressMeter
              label={t('course.progress')}
              value={learner.done}
              max={learner.total}
              text={t('course.progressText', { done: learner.done, total: learner.total })}
            />
            <p className="course__mine">
              <MyCoursesLink />
            </p>
          </>
        )}
        <CourseAction
          course={course} outline={outline} viewer={viewer} progress={progress.data} checking={viewer > 0 && (mine.isPending || progress.isPending)}
          progressOffline={progressOffline}
        />
        {/* The reader's own copy decides: a member may save a member course, a guest only a free one. */}
        {(!viewer || mine.data) && <SaveCourseOffline courseId={id} title={course.title} canRead={course.can_read} membersOnly={course.access === 'premium' || course.access === 'plan'} />}
        <section className="course__outline" aria-labelledby="course-outline-title">
          <h2 id="course-outline-title">{t('course.outline')}</h2>
          <CourseOutlineList outline={outline} lang={course.language} />
        </section>
        {course.content_html && (
          <section className="course__about" aria-labelledby="course-about-title">
            <h2 id="course-about-title">{t('course.about')}</h2>
            <RichBody className="article-body" html={course.content_html} lang={course.language} />
          </section>
        )}
      </article>
    </>
  );
}
