/** Every page URL of the app, in one place. */
export const paths = {
  home: () => '/',
  about: () => '/about',
  aboutRss: () => '/about/rss',
  article: (id: number) => `/article/${id}`,
  adminPreview: (secret: string, id: number) => `/article/adminpreview/${encodeURIComponent(secret)}/${id}`,
  author: (id: number) => `/author/${id}`,
  category: (id: number) => `/category/${id}`,
  categoryByName: (name: string) => `/category/n/${encodeURIComponent(name)}`,
  categoryBySlug: (slug: string) => `/category/s/${encodeURIComponent(slug)}`,
  tag: (id: number) => `/tag/${id}`,
  tagByName: (name: string) => `/tag/n/${encodeURIComponent(name)}`,
  topics: () => '/topic',
  topic: (id: number) => `/topic/${id}`,
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  essentials: () => '/essentials',
  disclosures: () => '/commercial_disclosures',
  test: () => '/test',
  apiPlayground: () => '/test/api-playground',
  login: () => '/login',
  memberIntro: () => '/member/intro',
  forbidden: () => '/403',
  notFound: () => '/404',
  serverError: () => '/500',
} as const;

/** The feeds the server writes (not pages of the app: link to them with plain anchors). */
export const feedPaths = {
  rss: () => '/rss.xml',
  atom: () => '/atom.xml',
  category: (id: number | string) => `/category/${id}/rss.xml`,
  tag: (id: number | string) => `/tag/${id}/rss.xml`,
  author: (id: number | string) => `/author/${id}/rss.xml`,
} as const;
