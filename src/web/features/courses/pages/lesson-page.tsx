import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { LessonDetail } from '../../../../shared/api/courses.js';
import { useHttp } from '../../../app/context.js';
import { around, useCourseI18n } from '../components/course-i18n.js';
import { paths } from '../../../app/paths.js';
import { notFound, parseId, requireId } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { courseKeys, courseProgressQuery, courseQuery, lessonNavigationQuery, lessonQuery, markLessonDone } from '../api/courses.js';
import { CourseOffer } from '../components/course-action.js';
import { MyCoursesLink } from '../components/my-courses-link.js';
import { ProgressMeter } from '../components/progress-meter.js';
import { RichBody } from '../components/rich-body.js';
import { useLessonKeys } from '../components/use-lesson-keys.js';
import { useViewer } from '../components/viewer.js';
import { useProgressOutbox } from '../offline/lesson-outbox.js';
import { CommentsSlot } from '../../../app/comments-slot.js';
import { isConnectionFailure } from '../../../lib/offline/progress-outbox.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { TranslationLink } from '../../../ui/translation-link.js';
import { coursesEn, coursesZhCN } from '../../../../shared/i18n/courses.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const courseId = requireId(params.courseId, request);
  const id = requireId(params.lessonId, request);
  const [lesson] = await Promise.all([
    queryClient.ensureQueryData(lessonQuery(http, id)),
    queryClient.ensureQueryData(lessonNavigationQuery(http, id)),
    // The course gives the language its lessons are written in, and a preview's offer (membership, price): the
    // lesson reads without it (a prefetch does not fail the page).
    queryClient.prefetchQuery(courseQuery(http, courseId, lang)),
  ]);
  // A lesson has one address: under its own course.
  if (lesson.course.id !== courseId) notFound(request);
  return null;
}

/**
 * The link to the lesson's version in the other language, named in the language it leads to (whoever reads
 * this one may not read that one's interface language).
 */
function LessonTranslation({ translation }: { translation: LessonDetail['translation'] }) {
  if (!translation) return null;
  const label = (translation.language === 'zh-CN' ? coursesZhCN : coursesEn)['lesson.translation'];
  return <TranslationLink translation={translation} to={(id) => paths.lesson(translation.course_id, id)} label={label} />;
}

/** In place of a locked lesson's body (which the answer does not hold): why, and what opens it. */
function LockedLesson({ lesson, viewer, checking }: { lesson: LessonDetail; viewer: number; checking: boolean }) {
  const { t } = useCourseI18n();
  const here = paths.lesson(lesson.course.id, lesson.id);
  const text =
    lesson.reason === 'purchase_required'
      ? t('lesson.lockedPurchase')
      : lesson.reason === 'membership_required' || lesson.course.access === 'premium'
        ? t('lesson.lockedMembers')
        : t('lesson.lockedLogin');
  return (
    <section className="locked-notice" aria-labelledby="lesson-locked-title">
      <h2 id="lesson-locked-title">{t('lesson.lockedTitle')}</h2>
      <p>{text}</p>
      <p className="locked-notice__actions">
        {lesson.course.access === 'premium' && <Link className="button" to={paths.member()}>{t('course.becomeMember')}</Link>}
        {lesson.course.access === 'purchase' && <Link className="button" to={paths.course(lesson.course.id)}>{t('lesson.backToCourse')}</Link>}
        {!viewer && <Link className="button button--quiet" to={paths.login(here)}>{t('course.loginToRead')}</Link>}
      </p>
      <p className="locked-notice__status" role="status">{checking ? t('course.checking') : ''}</p>
    </section>
  );
}

/**
 * `/course/{course_id}/lesson/{lesson_id}`: rendered on the server as a guest sees it (a free lesson or preview
 * in full, any other as a locked notice with its title and summary). After hydration a logged-in reader's own
 * copy replaces it: with the body for members and buyers, and their done mark.
 */
export function Component() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useCourseI18n();
  const params = useParams();
  const courseId = parseId(params.courseId)!;
  const id = parseId(params.lessonId)!;
  const { viewer } = useViewer();
  const { data: guestLesson } = useSuspenseQuery(lessonQuery(http, id));
  const { data: nav } = useSuspenseQuery(lessonNavigationQuery(http, id));
  const mine = useQuery({ ...lessonQuery(http, id, viewer), enabled: viewer > 0 });
  const progress = useQuery({ ...courseProgressQuery(http, courseId, viewer), enabled: viewer > 0 });
  const lesson = (viewer && mine.data) || guestLesson;
  const { data: course } = useQuery(courseQuery(http, courseId, lang));
  // The language the lesson is written in (its course's); the interface around it speaks the reader's.
  const written = course?.language;
  const chapterText = around(t('lesson.chapter'), 'chapter');
  // A free preview of a course the reader cannot take: readable, but progress is the course's learners' (the server
  // refuses it). A logged-in reader's own copy decides; while it loads the mark-done button waits, disabled.
  const previewOnly = lesson.reason === 'preview' && !(viewer > 0 && mine.isPending);
  // Marked done with no connection: kept on the device and sent when it returns.
  const outbox = useProgressOutbox(viewer, courseId, id);
  const [saving, setSaving] = useState(false);
  // What marking done said, for the lesson it was said of: moving to another lesson leaves it behind.
  const [outcome, setOutcome] = useState<{ lesson: number; status: string; certificate: string | null }>({ lesson: 0, status: '', certificate: null });
  const status = outcome.lesson === id ? outcome.status : '';
  const certificate = outcome.lesson === id ? outcome.certificate : null;

  const previous = nav.previous ? paths.lesson(courseId, nav.previous.id) : null;
  const next = nav.next ? paths.lesson(courseId, nav.next.id) : null;
  useLessonKeys(previous, next);

  const markDone = async () => {
    setSaving(true);
    setOutcome({ lesson: id, status: '', certificate: null });
    try {
      const saved = await markLessonDone(http, id);
      queryClient.setQueryData(courseKeys.lesson(id, viewer), (old: LessonDetail | undefined) => old && { ...old, done: saved.done });
      setOutcome({ lesson: id, status: t('lesson.markedDone'), certificate: saved.certificate_code });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.progress(courseId, viewer) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.outline(courseId, viewer) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.detailInAnyLanguage(courseId, viewer) }),
      ]);
    } catch (err) {
      if (isConnectionFailure(err) && (await outbox.queue())) {
        queryClient.setQueryData(courseKeys.lesson(id, viewer), (old: LessonDetail | undefined) => old && { ...old, done: true });
        setOutcome({ lesson: id, status: outbox.queuedText, certificate: null });
        return;
      }
      setOutcome({ lesson: id, status: t('lesson.markFailed', { reason: describeServerError(err, t, lang) }), certificate: null });
    } finally {
      setSaving(false);
    }
  };

  // A learner's progress where they may take the lesson; a reader it is locked for has none here, only its place.
  const learner = viewer > 0 && !lesson.locked && lesson.reason !== 'preview' ? progress.data : undefined;
  const certificateCode = certificate ?? learner?.certificate?.code ?? null;
  const checking = viewer > 0 && guestLesson.locked && mine.isPending;
  return (
    <>
      <Head title={`${guestLesson.title} · ${guestLesson.course.title}`} description={guestLesson.summary} canonical={paths.lesson(courseId, id)} />
      <article className="lesson">
        <header className="article__header lesson__header">
          <p className="page-header__kicker">
            <Link to={paths.course(courseId)} lang={written}>
              {lesson.course.title}
            </Link>
          </p>
          <h1 className="article__title" lang={written}>
            {lesson.title}
          </h1>
          <LessonTranslation translation={lesson.translation} />
          <p className="meta">
            {t('lesson.position', { position: nav.position, total: nav.total })}
            {nav.chapter && (
              <>
                {' · '}
                {chapterText[0]}
                <span lang={written}>{nav.chapter}</span>
                {chapterText[1]}
              </>
            )}
          </p>
          {learner ? (
            <>
              <ProgressMeter
                label={t('lesson.courseProgress')}
                value={learner.done}
                max={learner.total}
                text={t('course.progressText', { done: learner.done, total: learner.total })}
              />
              {learner.enrolled && (
                <p className="lesson__mine">
                  <MyCoursesLink />
                </p>
              )}
            </>
          ) : (
            <ProgressMeter
              label={t('lesson.placeInCourse')}
              value={nav.position}
              max={nav.total}
              text={t('lesson.position', { position: nav.position, total: nav.total })}
            />
          )}
        </header>
        {lesson.locked ? (
          <>
            {lesson.summary && (
              <p className="article__summary" lang={written}>
                {lesson.summary}
              </p>
            )}
            <LockedLesson lesson={lesson} viewer={viewer} checking={checking} />
          </>
        ) : (
          <>
            {lesson.media_url && lesson.media_kind === 'video' && (
              <video className="lesson__media" src={lesson.media_url} controls preload="metadata" aria-label={t('lesson.media')} />
            )}
            {lesson.media_url && lesson.media_kind === 'audio' && (
              <audio className="lesson__media" src={lesson.media_url} controls preload="metadata" aria-label={t('lesson.media')} />
            )}
            <RichBody className="article-body lesson__body" html={lesson.content_html ?? ''} lang={written} />
            <div className="lesson__done">
              {previewOnly ? (
                <div className="course-action">
                  <p>{t('lesson.previewOnly')}</p>
                  <CourseOffer course={course ?? { access: lesson.course.access, products: [] }} viewer={viewer} here={paths.lesson(courseId, id)} />
                </div>
              ) : viewer > 0 ? (
                lesson.done || outbox.queuedDone ? (
                  <p className="lesson__done-mark">
                    <span aria-hidden="true">✓ </span>
                    {t('lesson.done')}
                  </p>
                ) : (
                  <button type="button" className="button" disabled={saving || mine.isPending} onClick={() => void markDone()}>
                    {saving ? t('lesson.marking') : t('lesson.markDone')}
                  </button>
                )
              ) : (
                <Link className="button button--quiet" to={paths.login(paths.lesson(courseId, id))}>{t('lesson.loginToTrack')}</Link>
              )}
              <p className="form-status" role="status">{status || outbox.sentText}</p>
            </div>
          </>
        )}
        {certificateCode && (
          <p className="lesson__certificate">
            {t('lesson.complete')} <Link to={paths.certificate(certificateCode)}>{t('course.viewCertificate')}</Link>
          </p>
        )}
      </article>
      <nav className="lesson-nav" aria-label={t('lesson.navigation')}>
        {nav.previous && previous ? (
          <Link className="lesson-nav__link" to={previous} rel="prev">
            <span className="lesson-nav__dir">{t('lesson.previous')}</span>
            <span className="lesson-nav__title" lang={written}>
              {nav.previous.title}
            </span>
          </Link>
        ) : (
          <span />
        )}
        {nav.next && next ? (
          <Link className="lesson-nav__link lesson-nav__link--next" to={next} rel="next">
            <span className="lesson-nav__dir">{t('lesson.next')}</span>
            <span className="lesson-nav__title" lang={written}>
              {nav.next.title}
            </span>
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <p className="meta lesson__keys">{t('lesson.keys')}</p>
      <CommentsSlot contentType="lesson" objectId={id} locked={lesson.locked} />
    </>
  );
}
