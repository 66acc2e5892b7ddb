import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { CourseCard } from '../../../../shared/api/courses.js';
import type { MessageKey } from '../../../../shared/i18n/index.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parsePage, requirePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { MemberAreaNav } from '../../../ui/member-area-nav.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { articleSummariesQuery } from '../api/articles.js';
import { memberCoursesQuery } from '../api/member-courses.js';
import { ArticleGrid } from '../components/article-grid.js';
import { LIST_PAGE_SIZE } from '../components/article-list-page.js';
import { PageHeader } from '../components/page-header.js';

const listParams = (page: number) => ({ access: 'premium' as const, page, page_size: LIST_PAGE_SIZE });

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { request }: LoaderFunctionArgs) {
  const page = requirePage(request);
  await Promise.all([
    queryClient.ensureQueryData(articleSummariesQuery(http, listParams(page), lang)),
    queryClient.ensureQueryData(memberCoursesQuery(http, lang)),
  ]);
  return null;
}

const LEVEL = {
  beginner: 'memberContent.level.beginner',
  intermediate: 'memberContent.level.intermediate',
  advanced: 'memberContent.level.advanced',
} as const satisfies Record<CourseCard['level'], MessageKey>;

/**
 * A member course as listed: title (a link to its page), summary, level and size.
 */
function CourseItem({ course }: { course: CourseCard }) {
  const { t } = useI18n();
  return (
    <article className="member-course" lang={course.language}>
      <p className="badges">
        <span className="badge badge--premium">{t('memberContent.courseBadge')}</span>
      </p>
      <h3>
        <Link to={paths.course(course.id)}>{course.title}</Link>
      </h3>
      {course.summary && <p>{course.summary}</p>}
      <p className="meta">
        {t(LEVEL[course.level])} · {course.lesson_count === 1 ? t('memberContent.lessonsOne') : t('memberContent.lessons', { count: course.lesson_count })}
      </p>
    </article>
  );
}

/** `/member/content`: the premium articles, a page at a time, and the member courses (public lists, rendered by the server). */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const location = useLocation();
  const [search] = useSearchParams();
  const page = parsePage(search) ?? 1;
  const { data: list } = useSuspenseQuery(articleSummariesQuery(http, listParams(page), lang));
  const { data: courses } = useSuspenseQuery(memberCoursesQuery(http, lang));
  const title = page > 1 ? t('list.titlePage', { title: t('memberContent.title'), page }) : t('memberContent.title');
  return (
    <>
      <Head title={title} description={t('memberContent.description')} canonical={pageHref(paths.memberContent(), '', page)} />
      <PageHeader kicker={t('member.title')} title={t('memberContent.title')} description={t('memberContent.description')} />
      {page === 1 && (
        <section aria-labelledby="member-courses-title">
          <h2 id="member-courses-title">{t('memberContent.courses')}</h2>
          {courses.results.length === 0 ? (
            <p className="empty">{t('memberContent.noCourses')}</p>
          ) : (
            <ul className="member-courses">
              {courses.results.map((course) => (
                <li key={course.id}>
                  <CourseItem course={course} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="member-articles-title">
        <h2 id="member-articles-title">{t('memberContent.articles')}</h2>
        <p className="list-count">{t(list.count === 1 ? 'list.countOne' : 'list.count', { count: list.count })}</p>
        <ArticleGrid articles={list.results} count={list.count} level={3} label={t('memberContent.articles')} />
        <Pagination page={page} count={list.count} pageSize={LIST_PAGE_SIZE} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
      </section>
      <MemberAreaNav />
    </>
  );
}
