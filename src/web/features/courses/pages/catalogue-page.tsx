import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Form, Link, useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { useCourseI18n } from '../components/course-i18n.js';
import { feedPaths, paths } from '../../../app/paths.js';
import { notFound, parseId, parsePage } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { pageHref, Pagination } from '../../../ui/pagination.js';
import { COURSE_ACCESS, COURSE_LEVELS, COURSE_PAGE_SIZE, courseListQuery, coursePricesQuery, courseTaxaQuery, myCoursesQuery, type CourseListParams } from '../api/courses.js';
import { lowestPrice } from '../components/access-tag.js';
import { CourseCard } from '../components/course-card.js';
import { MyCoursesLink } from '../components/my-courses-link.js';
import { useViewer } from '../components/viewer.js';

/** The catalogue's filters and page from the URL query; null when one of them is not a valid value. */
export function listParamsOf(search: URLSearchParams): CourseListParams | null {
  const page = parsePage(search);
  if (page === null) return null;
  const params: CourseListParams = { page };
  for (const key of ['category', 'tag'] as const) {
    const raw = search.get(key);
    if (raw === null || raw === '') continue;
    const id = parseId(raw);
    if (id === null) return null;
    params[key] = id;
  }
  const level = search.get('level');
  if (level) {
    if (!(COURSE_LEVELS as readonly string[]).includes(level)) return null;
    params.level = level as CourseListParams['level'];
  }
  const access = search.get('access');
  if (access) {
    if (!(COURSE_ACCESS as readonly string[]).includes(access)) return null;
    params.access = access as CourseListParams['access'];
  }
  return params;
}

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { request }: LoaderFunctionArgs) {
  const params = listParamsOf(new URL(request.url).searchParams) ?? notFound(request);
  await Promise.all([
    queryClient.ensureQueryData(courseListQuery(http, params, lang)),
    queryClient.ensureQueryData(courseTaxaQuery(http, 'category', lang)),
    queryClient.ensureQueryData(courseTaxaQuery(http, 'tag', lang)),
    queryClient.ensureQueryData(coursePricesQuery(http, lang)),
  ]);
  return null;
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  const { t } = useCourseI18n();
  const id = useId();
  return (
    <div className="field course-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{t('courses.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </div>
  );
}

/** `/course`: every published course, filtered by category, tag, level and access, a page at a time. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useCourseI18n();
  const location = useLocation();
  const [search] = useSearchParams();
  const params = listParamsOf(search)!;
  const { data: list } = useSuspenseQuery(courseListQuery(http, params, lang));
  const { data: categories } = useSuspenseQuery(courseTaxaQuery(http, 'category', lang));
  const { data: tags } = useSuspenseQuery(courseTaxaQuery(http, 'tag', lang));
  const { data: prices } = useSuspenseQuery(coursePricesQuery(http, lang));
  const priceOf = new Map(prices.map((c) => [c.id, lowestPrice(c.products)]));
  // A learner's way to their own courses (the first page of them says whether there are any): after hydration only.
  const { viewer } = useViewer();
  const enrolled = (useQuery({ ...myCoursesQuery(http, viewer, 1, lang), enabled: viewer > 0 }).data?.count ?? 0) > 0;
  const filtered = Boolean(params.category ?? params.tag ?? params.level ?? params.access);
  const formKey = search.toString();
  const navigate = useNavigate();
  // Empty choices ("Any") stay out of the URL.
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value) query.set(key, value);
    void navigate(paths.courses(query.toString()));
  };
  return (
    <>
      <Head
        title={params.page > 1 ? t('courses.titlePage', { page: params.page }) : t('courses.title')}
        description={t('courses.description')}
        canonical={filtered ? undefined : pageHref(paths.courses(), '', params.page)}
        feeds={[
          { href: feedPaths.courses(), type: 'rss', title: t('feed.rssOf', { name: t('courses.title') }) },
          { href: feedPaths.courses('atom'), type: 'atom', title: t('feed.atomOf', { name: t('courses.title') }) },
        ]}
      />
      <header className="page-header">
        <h1>{t('courses.title')}</h1>
        <p className="page-header__description">{t('courses.description')}</p>
        {viewer > 0 && enrolled && (
          <p className="page-header__mine">
            <MyCoursesLink />
          </p>
        )}
      </header>
      {/* A plain GET form: it works before the script loads, and the router keeps the filters in the URL. */}
      <Form key={formKey} method="get" action={paths.courses()} className="course-filters" aria-label={t('courses.filters')} onSubmit={submit}>
        <Select
          name="category"
          label={t('courses.category')}
          value={String(params.category ?? '')}
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <Select name="tag" label={t('courses.tag')} value={String(params.tag ?? '')} options={tags.map((c) => ({ value: String(c.id), label: c.name }))} />
        <Select
          name="level"
          label={t('courses.level')}
          value={params.level ?? ''}
          options={COURSE_LEVELS.map((l) => ({ value: l, label: t(`courses.level.${l}`) }))}
        />
        <Select
          name="access"
          label={t('courses.access')}
          value={params.access ?? ''}
          options={COURSE_ACCESS.map((a) => ({ value: a, label: t(`courses.access.${a}`) }))}
        />
        <div className="course-filters__actions">
          <button type="submit" className="button">{t('courses.apply')}</button>
          {filtered && (
            <Link className="button button--quiet" to={paths.courses()}>
              {t('courses.clear')}
            </Link>
          )}
        </div>
      </Form>
      <p className="list-count" role="status">{t(list.count === 1 ? 'courses.countOne' : 'courses.count', { count: list.count })}</p>
      {list.count === 0 ? (
        <p className="empty">{t('courses.none')}</p>
      ) : (
        <ul className="course-grid">
          {list.results.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} product={priceOf.get(course.id) ?? null} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={params.page} count={list.count} pageSize={COURSE_PAGE_SIZE} hrefFor={(p) => pageHref(location.pathname, location.search, p)} />
    </>
  );
}
