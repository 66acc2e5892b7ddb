/**
 * Which query answers the browser keeps in localStorage between visits (`query-persist.ts` does the keeping),
 * and the storage entry they are kept in (the session drops it at logout: `offline/library-store.ts`).
 *
 * Only public answers are kept, and only those this list names: a query key the list does not know is never
 * written, so a new personal query cannot leak by default. Answers that hold a viewer id are kept for the guest
 * (viewer 0) only: those are fetched without a token, so a premium article or a locked lesson is the locked copy.
 * A query marked `meta.personal` is refused whatever its key. Search results are public but their keys hold what
 * the reader typed, so they are not kept.
 */

/** The localStorage entry holding the kept answers. */
export const PERSISTED_QUERIES_KEY = 'lectern-query-cache';

/** Kept answers older than this are not restored (the whole entry) nor written again (each answer). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

type KeyRule = (key: readonly unknown[]) => boolean;

const always: KeyRule = () => true;
/** The viewer id at `index` is the guest's. */
const guestAt =
  (index: number): KeyRule =>
  (key) =>
    key[index] === 0;

/**
 * Public query keys by their first and second parts (see each feature's `*Keys`): a rule, or for a first part
 * whose keys differ by the second part, a rule per second part.
 */
const PUBLIC_QUERIES: Record<string, KeyRule | Record<string, KeyRule>> = {
  articles: { detail: guestAt(3), summaries: always, author: always, hot: always, 'hot-banner': always, related: always },
  categories: always,
  tags: always,
  topics: always,
  authors: always,
  banners: always,
  announcements: always,
  'slot-texts': always,
  shortcuts: always,
  courses: { list: always, taxa: always, prices: always, detail: guestAt(3), outline: guestAt(3), lesson: guestAt(3), navigation: always },
  shop: { products: always, categories: always, product: always, plans: always, countries: always },
  membership: { 'price-card': always, 'meter-terms': always },
};

/** Does this key name a public answer the device may keep? */
export function isPublicQueryKey(key: readonly unknown[]): boolean {
  const [first, second] = key;
  if (typeof first !== 'string' || !Object.hasOwn(PUBLIC_QUERIES, first)) return false;
  const rule = PUBLIC_QUERIES[first];
  if (typeof rule === 'function') return rule(key);
  return typeof second === 'string' && Object.hasOwn(rule, second) && rule[second](key);
}

/** The parts of a query the decision reads (a TanStack `Query`, or a dehydrated one). */
export interface QueryLike {
  queryKey: readonly unknown[];
  meta?: Record<string, unknown>;
  state: { status: string; dataUpdatedAt: number; data?: unknown };
}

type Answer = Record<string, unknown>;
const isAnswer = (data: unknown): data is Answer => typeof data === 'object' && data !== null;
const courseAccessOf = (data: Answer) => (isAnswer(data.course) ? data.course.access : undefined);

/**
 * Checks of a guest-keyed answer's content: it must hold no more than a guest is given. Offline, the service
 * worker may answer a guest's request with a reader's saved copy (a premium body, their progress), which the
 * key alone does not show.
 */
const GUEST_ANSWERS: Record<string, Record<string, (data: Answer) => boolean>> = {
  articles: { detail: (a) => a.locked !== false || a.access === 'free' || (a.access === 'premium' && a.free_read === true) },
  courses: {
    detail: (c) => c.enrolled == null && (c.can_read !== true || c.access === 'free'),
    outline: (o) => !Array.isArray(o.lessons) || o.lessons.every((l: unknown) => isAnswer(l) && l.done == null),
    lesson: (l) => l.done == null && (l.locked !== false || courseAccessOf(l) === 'free' || l.is_free_preview === true),
  },
};

function holdsOnlyGuestContent(key: readonly unknown[], data: unknown): boolean {
  const [first, second] = key;
  const check = typeof first === 'string' && typeof second === 'string' ? GUEST_ANSWERS[first]?.[second] : undefined;
  return check === undefined || (isAnswer(data) && check(data));
}

/** A public answer, fetched successfully within the last `PERSIST_MAX_AGE_MS`, not marked personal. */
export function isPersistableQuery(query: QueryLike, now = Date.now()): boolean {
  return (
    query.state.status === 'success' &&
    query.meta?.personal !== true &&
    now - query.state.dataUpdatedAt <= PERSIST_MAX_AGE_MS &&
    isPublicQueryKey(query.queryKey) &&
    holdsOnlyGuestContent(query.queryKey, query.state.data)
  );
}

/** Kept answers belong to one build (their shapes are that build's) and one interface language. */
export const persistBuster = (build: string, lang: string) => `${build}|${lang}`;

/** localStorage, or undefined where there is none or reading it throws (storage disabled). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : (window.localStorage ?? undefined);
  } catch {
    return undefined;
  }
}
