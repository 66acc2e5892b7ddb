/**
 * A `next` to come back to after logging in: a path of this site only (never `//host` or a full URL, so a
 * crafted link cannot send a fresh login elsewhere). Anything else is the home page.
 */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // A browser drops tabs and line breaks from a URL, so `/\t/host` would become `//host`: no control character passes.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}

function withNext(path: string, next: string | undefined): string {
  return next && next !== '/' ? `${path}?next=${encodeURIComponent(safeNext(next))}` : path;
}

/** Every page URL of the app, in one place. */
export const paths = {
  home: () => '/',
  about: () => '/about',
  aboutRss: () => '/about/rss',
  /** One of the site's own pages (terms of use, privacy...); a slug needs no escaping (a-z, 0-9 and hyphens). */
  page: (slug: string) => `/page/${slug}`,
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
  courses: (query?: string) => (query ? `/course?${query}` : '/course'),
  course: (id: number) => `/course/${id}`,
  lesson: (courseId: number, lessonId: number) => `/course/${courseId}/lesson/${lessonId}`,
  myCourses: () => '/my-course',
  offline: () => '/offline',
  certificate: (code: string) => `/certificate/${encodeURIComponent(code)}`,
  shop: (query?: string) => (query ? `/shop?${query}` : '/shop'),
  shopCategory: (slug: string, query?: string) => `/shop/category/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`,
  product: (id: number) => `/product/${id}`,
  cart: () => '/cart',
  checkout: (membershipProduct?: number) => (membershipProduct ? `/checkout?membership_product=${membershipProduct}` : '/checkout'),
  payOrder: (orderId: number) => `/checkout?order=${orderId}`,
  paySuccess: (number: string) => `/pay_success?number=${encodeURIComponent(number)}`,
  myOrders: (query?: string) => (query ? `/my-order?${query}` : '/my-order'),
  test: () => '/test',
  apiPlayground: () => '/test/api-playground',
  /** The back office (staff); its screens' URLs are in features/staff/staff-paths.ts. */
  staff: () => '/staff',
  login: (next?: string) => withNext('/login', next),
  loginCode: (next?: string) => withNext('/login/v1', next),
  logout: () => '/logout',
  signup: (next?: string) => withNext('/signup', next),
  signupCode: (next?: string) => withNext('/signup/v1', next),
  lostPassword: () => '/lostpassword',
  reset: () => '/reset',
  verifyEmail: (key: string) => `/verify_email/${encodeURIComponent(key)}`,
  account: () => '/account',
  member: () => '/member',
  memberIntro: () => '/member/intro',
  memberContent: () => '/member/content',
  memberEnquiry: () => '/member/enquiry',
  memberShortcuts: () => '/member/shortcuts',
  myMembership: () => '/my-membership',
  community: () => '/community',
  communitySlack: () => '/community/slack',
  ssoLogin: () => '/sso/login',
  ssoLoginFailed: () => '/sso/login_failed',
  submission: () => '/submission',
  refresh: () => '/refresh',
  userActivity: () => '/user/activity',
  userHasLogin: () => '/user/haslogin',
  userLoginPanel: () => '/user/loginpanel',
  forbidden: () => '/403',
  notFound: () => '/404',
  serverError: () => '/500',
} as const;

/** The feeds the server writes (not pages of the app: link to them with plain anchors). */
export const feedPaths = {
  rss: () => '/rss.xml',
  atom: () => '/atom.xml',
  category: (id: number | string, format: 'rss' | 'atom' = 'rss') => `/category/${id}/${format}.xml`,
  tag: (id: number | string, format: 'rss' | 'atom' = 'rss') => `/tag/${id}/${format}.xml`,
  author: (id: number | string, format: 'rss' | 'atom' = 'rss') => `/author/${id}/${format}.xml`,
  courses: (format: 'rss' | 'atom' = 'rss') => `/course/${format}.xml`,
  /** A reader's own feed, opened by their RSS token (no login in a feed reader). */
  personal: (token: string) => `/rss.xml?token=${encodeURIComponent(token)}`,
} as const;
