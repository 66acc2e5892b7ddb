import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseDetail, CourseOutline, CourseProgress } from '../../../../shared/api/courses.js';
import { useHttp } from '../../../app/context.js';
import { useCourseI18n } from './course-i18n.js';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { courseKeys, enrol } from '../api/courses.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

interface CourseActionProps {
  course: CourseDetail;
  outline: CourseOutline;
  viewer: number;
  /** The learner's progress; undefined for a guest or while it loads. */
  progress: CourseProgress | undefined;
  /** While a logged-in reader's own copy of the course is on its way. */
  checking: boolean;
  /** The learner's progress could not be read for want of a connection (a saved course opened offline). */
  progressOffline: boolean;
}

/** A paid course's price card: what it costs, and a Buy for each product on sale (the checkout; a guest logs in first). */
function PriceCard({ course }: { course: Pick<CourseDetail, 'products'> }) {
  const { t, lang } = useCourseI18n();
  const products = course.products.filter((p) => p.is_active);
  const price = (p: (typeof products)[number]) => formatPrice(lang, p.price, p.currency);
  return (
    <div className="course-price">
      {products.length > 0 && (
        <dl className="course-price__list">
          {products.map((p) => (
            <div key={p.id} className="course-price__row">
              <dt>{products.length === 1 ? t('course.price') : p.name}</dt>
              <dd className="course-price__amount">{formatPrice(lang, p.price, p.currency)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>{t('course.soldInShop')}</p>
      {products.length > 0 && (
        <p className="course-price__buy">
          {products.map((p) => (
            <Link key={p.id} className="button" to={`${paths.checkout()}?course_product=${p.id}`}>
              {products.length === 1 ? t('course.buy', { price: price(p) }) : t('course.buyNamed', { name: p.name, price: price(p) })}
            </Link>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * What opens a course the reader may not take (the course page's offer, and a free preview's): membership, or a
 * paid course's price and Buy; a guest may log in first, coming back to `here`.
 */
export function CourseOffer({ course, viewer, here }: { course: Pick<CourseDetail, 'access' | 'products'>; viewer: number; here: string }) {
  const { t } = useCourseI18n();
  return (
    <>
      <div className="course-action__buttons">
        {course.access === 'premium' ? (
          <>
            <p>{t('course.membersOnly')}</p>
            <Link className="button" to={paths.member()}>{t('course.becomeMember')}</Link>
          </>
        ) : (
          <p>{t('course.purchaseOnly')}</p>
        )}
        {!viewer && <Link className="button button--quiet" to={paths.login(here)}>{t('course.loginToRead')}</Link>}
      </div>
      {/* After "sold separately" (and a guest's Log in): what it costs and the Buy. */}
      {course.access === 'purchase' && <PriceCard course={course} />}
    </>
  );
}

/**
 * What the caller can do with the course: enrol (free courses; premium ones as a member), continue where they
 * left off, see the certificate, or, when locked, log in, become a member, or read where a paid course is sold.
 */
export function CourseAction({ course, outline, viewer, progress, checking, progressOffline }: CourseActionProps) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { t, lang } = useCourseI18n();
  const [pending, setPending] = useState(false);
  // An enrolment's failure, with the progress it was tried against: once the progress loads anew it no longer holds.
  const [failure, setFailure] = useState<{ text: string; progress: CourseProgress | undefined } | null>(null);
  const error = failure && failure.progress === progress ? failure.text : '';
  const first = outline.lessons[0];
  const here = paths.course(course.id);

  const join = async () => {
    setPending(true);
    setFailure(null);
    try {
      await enrol(http, course.id);
      await Promise.all(
        [courseKeys.detailInAnyLanguage(course.id, viewer), courseKeys.progress(course.id, viewer), courseKeys.outline(course.id, viewer)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (err) {
      setFailure({ text: t('course.enrolFailed', { reason: describeServerError(err, t, lang) }), progress });
    } finally {
      setPending(false);
    }
  };

  let body: React.ReactNode;
  if (checking) {
    body = <p role="status">{t('course.checking')}</p>;
  } else if (viewer && course.enrolled && progress) {
    const resume = progress.resume_lesson;
    body = (
      <>
        {resume ? (
          <Link className="button" to={paths.lesson(course.id, resume.id)}>{t('course.continue', { title: resume.title })}</Link>
        ) : (
          <p>{t('course.finished')}</p>
        )}
        {progress.certificate && (
          <Link className="button button--quiet" to={paths.certificate(progress.certificate.code)}>{t('course.viewCertificate')}</Link>
        )}
      </>
    );
  } else if (viewer && course.can_read && !progress && progressOffline) {
    // Whether they are enrolled, and where they got to, is the site's answer: no Enrol until it is known.
    body = <p role="status">{t('course.progressOffline')}</p>;
  } else if (viewer && course.can_read) {
    body =
      course.access === 'purchase' || !first ? (
        first && <Link className="button" to={paths.lesson(course.id, first.id)}>{t('course.start')}</Link>
      ) : (
        <button type="button" className="button" disabled={pending} onClick={() => void join()}>
          {pending ? t('course.enrolling') : t('course.enrol')}
        </button>
      );
  } else if (course.can_read) {
    // A guest in a free course: the lessons are open; enrolling (and keeping progress) needs a login.
    body = (
      <>
        {first && <Link className="button" to={paths.lesson(course.id, first.id)}>{t('course.start')}</Link>}
        <Link className="button button--quiet" to={paths.login(here)}>{t('course.loginToEnrol')}</Link>
      </>
    );
  } else {
    return (
      <div className="course-action">
        <CourseOffer course={course} viewer={viewer} here={here} />
      </div>
    );
  }
  return (
    <div className="course-action">
      <div className="course-action__buttons">{body}</div>
      {/* A learner who lost a paid course (a refund) keeps their progress, and sees what it costs again. */}
      {course.access === 'purchase' && !course.can_read && !checking && <PriceCard course={course} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
