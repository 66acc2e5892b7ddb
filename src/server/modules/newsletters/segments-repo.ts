import { sql, type Kysely } from 'kysely';
import type { Segment } from '../../../shared/api/newsletters.js';
import type { Database } from '../../db/types.js';

/**
 * Who is in a segment, read straight from the tables of users, membership, orders and courses. Those modules'
 * services answer questions about one user, not "everyone who...", and a segment of a large site is one query,
 * not a call per user: so these read-only joins live here, in one file, and change nothing in the other tables.
 *
 * Every segment leaves out inactive accounts and readers who said no to newsletters on their account page; the
 * `accepted` segment is only those who said yes. The suppression list is applied again when each message goes.
 */
export interface SegmentMember {
  user_id: number;
  email: string;
  name: string;
  language: string | null;
}

const ACTIVE_ORDER = ['paid', 'fulfilled'] as const;

function members(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('newsletter_preferences as p', 'p.user_id', 'u.id')
    .select(['u.id as user_id', 'u.email', 'u.display_name as name', 'p.language'])
    .where('u.is_active', '=', 1)
    .distinct();
}

export function segmentMembers(db: Kysely<Database>, segment: Segment, ref: number | null, now: string): Promise<SegmentMember[]> {
  const notRefused = members(db).where((eb) => eb.or([eb('p.accepted', 'is', null), eb('p.accepted', '=', 1)]));
  switch (segment) {
    case 'accepted':
      return members(db).where('p.accepted', '=', 1).orderBy('u.id').execute();
    case 'plan':
      return notRefused
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('user_memberships as um')
              .innerJoin('subscriptions as s', 's.user_membership_id', 'um.id')
              .select('s.id')
              .whereRef('um.user_id', '=', 'u.id')
              .where('um.membership_id', '=', ref ?? 0)
              .where('s.is_active', '=', 1)
              .where('s.starts_at', '<=', now)
              .where('s.ends_at', '>', now),
          ),
        )
        .orderBy('u.id')
        .execute();
    case 'expired': {
      // Had a subscription (to the plan, when one is named) that is over, and holds none now.
      const held = (current: boolean) => {
        let q = db
          .selectFrom('user_memberships as um')
          .innerJoin('subscriptions as s', 's.user_membership_id', 'um.id')
          .select('s.id')
          // Correlated with the outer query's users row (the builder above does not know its alias).
          .where('um.user_id', '=', sql.ref<number>('u.id'));
        if (ref !== null) q = q.where('um.membership_id', '=', ref);
        return current
          ? q.where('s.is_active', '=', 1).where('s.starts_at', '<=', now).where('s.ends_at', '>', now)
          : q.where((eb) => eb.or([eb('s.ends_at', '<=', now), eb('s.is_active', '=', 0)]));
      };
      return notRefused
        .where(({ exists }) => exists(held(false)))
        .where(({ exists, not }) => not(exists(held(true))))
        .orderBy('u.id')
        .execute();
    }
    case 'product':
      return notRefused
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('orders as o')
              .innerJoin('order_lines as ol', 'ol.order_id', 'o.id')
              .select('ol.id')
              .whereRef('o.user_id', '=', 'u.id')
              .where('ol.product_id', '=', ref ?? 0)
              .where('o.status', 'in', ACTIVE_ORDER),
          ),
        )
        .orderBy('u.id')
        .execute();
    case 'course':
      return notRefused
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('course_enrolments as e').select('e.id').whereRef('e.user_id', '=', 'u.id').where('e.course_id', '=', ref ?? 0)),
        )
        .orderBy('u.id')
        .execute();
  }
}

/** Does the plan, product or course a segment names exist? */
export async function segmentRefExists(db: Kysely<Database>, segment: Segment, ref: number): Promise<boolean> {
  const table = segment === 'product' ? 'shop_products' : segment === 'course' ? 'courses' : 'memberships';
  const row = await db.selectFrom(table).select('id').where('id', '=', ref).executeTakeFirst();
  return row !== undefined;
}

/** The account of each of these addresses (lower-cased), for recipients uploaded by address. */
export async function usersByEmail(db: Kysely<Database>, emails: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails.slice(i, i + 500)).execute();
    for (const row of rows) found.set(row.email.toLowerCase(), row.id);
  }
  return found;
}
