import type { Kysely } from 'kysely';
import { PREMIUM_SLUG } from '../../../shared/api/membership-paths.js';
import type { Database, PeriodUnit } from '../../db/types.js';

interface DemoPlan {
  slug: string;
  name: string;
  description: string;
  perks: string[];
  sort_order: number;
  products: { name: string; price: number; period_unit: PeriodUnit; period_count: number }[];
}

/** Prices in the minor unit of the site's currency (CNY by default: 3000 = ¥30.00). */
const DEMO_PLANS: DemoPlan[] = [
  {
    slug: 'supporter',
    name: 'Supporter',
    description: 'Support the publication and get the newsletter; premium articles stay metered.',
    perks: ['Monthly newsletter', 'Supporter badge'],
    sort_order: 0,
    products: [{ name: 'Supporter, one year', price: 6000, period_unit: 'month', period_count: 12 }],
  },
  {
    slug: PREMIUM_SLUG,
    name: 'Premium',
    description: 'Every premium article and course, offline reading and no limits.',
    perks: ['All premium articles', 'All courses', 'Offline library', 'No monthly limit'],
    sort_order: 1,
    products: [
      { name: 'Premium, monthly', price: 3000, period_unit: 'month', period_count: 1 },
      { name: 'Premium, yearly', price: 30000, period_unit: 'month', period_count: 12 },
    ],
  },
];

/** Demo plans and products for the seed; a plan whose slug exists is left as it is. Returns the plan ids by slug. */
export async function seedMembershipDemo(db: Kysely<Database>): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  const now = new Date().toISOString();
  for (const plan of DEMO_PLANS) {
    const existing = await db.selectFrom('memberships').select('id').where('slug', '=', plan.slug).executeTakeFirst();
    if (existing) {
      ids[plan.slug] = existing.id;
      continue;
    }
    const { products, perks, ...fields } = plan;
    const row = await db
      .insertInto('memberships')
      .values({ ...fields, perks: JSON.stringify(perks), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[plan.slug] = row.id;
    for (const [i, p] of products.entries()) {
      await db
        .insertInto('membership_products')
        .values({ ...p, membership_id: row.id, is_active: 1, sort_order: i, created_at: now, updated_at: now })
        .execute();
    }
  }
  return ids;
}
