import { queryOptions } from '@tanstack/react-query';
import { publicPagePaths } from '../../../shared/api/pages-paths.js';
import type { PublicPage } from '../../../shared/api/pages.js';
import type { Language } from '../../../shared/i18n/index.js';
import { pathOf, type HttpClient } from '../../lib/http.js';

/** A live page of the site's own (terms, privacy...) in the reader's language; a 404 for a draft or unknown slug. */
export const sitePageQuery = (http: HttpClient, slug: string, lang: Language) =>
  queryOptions({
    queryKey: ['pages', 'page', slug, lang] as const,
    queryFn: () => http.get<PublicPage>(pathOf(publicPagePaths.pageBySlug, { slug }), { lang }, { anonymous: true }),
  });
