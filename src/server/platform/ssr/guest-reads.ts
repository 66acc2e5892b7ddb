import FindMyWay from 'find-my-way';
import type { ZodType } from 'zod';
import type { GuestReadAnswer, QueryParams } from '../../../web/lib/http.js';
import { AppError } from '../errors.js';

/** One API call a page's loader makes, answered in process from the module's own service (a guest's view). */
export interface GuestRead<P, Q> {
  params: ZodType<P>;
  query: ZodType<Q>;
  /** What the route answers for a guest, as the route computes it (the same service, the same access rules). */
  read: (input: { params: P; query: Q }) => Promise<unknown>;
  /** The route's answer schema: in tests each answer read here is checked against it, as the route's serialiser does. */
  response?: ZodType;
}

type AnyRead = GuestRead<unknown, unknown>;

/**
 * Server rendering renders every page as a guest, and its loaders ask the API for their data. A module may
 * answer some of those calls in process (`add`): the route's own service call with a guest's entitlement,
 * and no HTTP request made up for it, its hooks, its serialisation or its parsing. A call no module added,
 * a query the route's schema refuses, or a read that fails with anything but the API's own refusals goes
 * through the API as before (`read` answers undefined), so the answer is always the route's.
 */
export class GuestReads {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true });

  constructor(private readonly checkAnswers = false) {}

  /** `path` as the API contract names it (`article/:id`, under the API prefix). */
  add<P, Q>(path: string, read: GuestRead<P, Q>): void {
    this.router.on('GET', `/${path.replace(/^\//, '')}`, () => undefined, read as AnyRead);
  }

  async read(path: string, query: QueryParams | undefined): Promise<GuestReadAnswer | undefined> {
    const found = this.router.find('GET', `/${path.replace(/^\//, '')}`);
    if (!found) return undefined;
    const route = found.store as AnyRead;
    const params = route.params.safeParse(found.params);
    const search = route.query.safeParse(query ?? {});
    if (!params.success || !search.success) return undefined;
    try {
      const body = await route.read({ params: params.data, query: search.data });
      if (this.checkAnswers) route.response?.parse(body);
      return { status: 200, body };
    } catch (err) {
      if (!(err instanceof AppError)) return undefined;
      return { status: err.status, body: { error: err.code, message: err.message, ...(err.fields && { fields: err.fields }) } };
    }
  }
}
