import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useAppEnv, useHttp } from '../../../app/context.js';
import { around, useCourseI18n } from '../components/course-i18n.js';
import { paths } from '../../../app/paths.js';
import { parseName, requireName } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { formatDate } from '../../../lib/format.js';
import { Head } from '../../../ui/head.js';
import { certificateQuery } from '../api/courses.js';

export async function loader({ queryClient, http }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  // An unknown or forged code is the server's 404, and so the not-found page.
  await queryClient.ensureQueryData(certificateQuery(http, requireName(params.code, request)));
  return null;
}

/** `/certificate/{code}`: public proof that a learner completed a course. */
export function Component() {
  const http = useHttp();
  const { siteName } = useAppEnv();
  const { t, lang } = useCourseI18n();
  const code = parseName(useParams().code)!;
  const { data: certificate } = useSuspenseQuery(certificateQuery(http, code));
  // The learner's name is isolated: whatever direction its characters set, the sentence around it keeps its own.
  const [before, after] = around(t('certificate.statement'), 'name');
  return (
    <>
      <Head title={t('certificate.headTitle', { course: certificate.course_title })} canonical={paths.certificate(certificate.code)} noindex />
      <article className="certificate">
        <h1>{t('certificate.title')}</h1>
        <p className="certificate__statement">
          {before}
          <bdi>{certificate.display_name}</bdi>
          {after}
        </p>
        <p className="certificate__course">{certificate.course_title}</p>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t('certificate.issued')}</dt>
            <dd>
              <time dateTime={certificate.issued_at}>{formatDate(lang, certificate.issued_at)}</time>
            </dd>
          </div>
          <div className="facts__row">
            <dt>{t('certificate.code')}</dt>
            <dd><code>{certificate.code}</code></dd>
          </div>
        </dl>
        <p>{t('certificate.verified', { site: siteName })}</p>
        <p>
          <Link to={paths.course(certificate.course_id)}>{t('certificate.openCourse')}</Link>
        </p>
      </article>
    </>
  );
}
