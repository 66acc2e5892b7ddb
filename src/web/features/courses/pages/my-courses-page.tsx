import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { useCourseI18n } from '../components/course-i18n.js';
import { paths } from '../../../app/paths.js';
import { parsePage } from '../../../app/route-params.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { COURSE_PAGE_SIZE, myCoursesQuery } from '../api/courses.js';
import { ProgressMeter } from '../components/progress-meter.js';
import { useViewer } from '../components/viewer.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/** `/my-course` (login): the courses the learner is enrolled in, with progress and where to go on. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useCourseI18n();
  const location = useLocation();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { viewer } = useViewer();
  const mine = useQuery({ ...myCoursesQuery(http, viewer, page, lang), enabled: viewer > 0 });
  return (
    <>
      <Head title={t('myCourses.title')} noindex />
      <header className="page-header">
        <h1>{t('myCourses.title')}</h1>
        <p className="page-header__description">{t('myCourses.description')}</p>
      </header>
      {mine.isError ? (
        <p className="form-error" role="alert">{t('myCourses.loadFailed', { reason: describeServerError(mine.error, t, lang) })}</p>
      ) : !mine.data ? (
        <p role="status">{t('common.loading')}</p>
      ) : mine.data.count === 0 ? (
        <p className="empty">
          {t('myCourses.none')} <Link to={paths.courses()}>{t('myCourses.browse')}</Link>
        </p>
      ) : (
        <>
          <ul className="course-grid">
            {mine.data.results.map(({ course, progress }) => (
              <li key={course.id}>
                <article className="card my-course">
                  <div className="card__body">
                    <h2 className="card__title" lang={course.language}>
                      <Link to={paths.course(course.id)}>{course.title}</Link>
                    </h2>
                    <ProgressMeter
                      label={t('course.progress')}
                      value={progress.done}
                      max={progress.total}
                      text={t('course.progressText', { done: progress.done, total: progress.total })}
                    />
                    <p className="my-course__actions">
                      {progress.resume_lesson ? (
                        <Link className="button button--small" to={paths.lesson(course.id, progress.resume_lesson.id)}>
                          {progress.done === 0 ? t('myCourses.start') : t('myCourses.resume', { title: progress.resume_lesson.title })}
                        </Link>
                      ) : (
                        <span>{t('course.finished')}</span>
                      )}
                      {progress.certificate && (
                        <Link className="button button--small button--quiet" to={paths.certificate(progress.certificate.code)}>
                          {t('course.viewCertificate')}
                        </Link>
                      )}
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <Pagination page={page} count={mine.data.count} pageSize={COURSE_PAGE_SIZE} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
        </>
      )}
    </>
  );
}
