import type { Kysely } from 'kysely';
import { PREMIUM_SLUG } from '../../../shared/api/membership-paths.js';
import type { Database, PeriodUnit } from '../../db/types.js';

/** A plan's or product's texts in Simplified Chinese (the row's own fields are the English, the default). */
interface DemoPlanChinese {
  name: string;
  description: string;
  perks: string[];
}

interface DemoPlan {
  slug: string;
  name: string;
  description: string;
  perks: string[];
  sort_order: number;
  zh: DemoPlanChinese;
  products: { name: string; price: number; period_unit: PeriodUnit; period_count: number; zh: string }[];
}

/** Prices in the minor unit of the site's currency (CNY by default: 3000 = ¥30.00). */
const DEMO_PLANS: DemoPlan[] = [
  {
    slug: 'supporter',
    name: 'Supporter',
    description: 'Support the publication and get the newsletter; premium articles stay metered.',
    perks: ['Monthly newsletter', 'Supporter badge'],
    sort_order: 0,
    zh: { name: '支持者', description: '支持本刊并收到每月通讯；付费文章仍按每月免费篇数计算。', perks: ['每月通讯', '支持者徽章'] },
    products: [{ name: 'Supporter, one year', price: 6000, period_unit: 'month', period_count: 12, zh: '支持者（一年）' }],
  },
  {
    slug: PREMIUM_SLUG,
    name: 'Premium',
    description: 'Every premium article and course, offline reading and no limits.',
    perks: ['All premium articles', 'All courses', 'Offline library', 'No monthly limit'],
    sort_order: 1,
    zh: { name: '高级会员', description: '全部付费文章和课程，支持离线阅读，没有篇数限制。', perks: ['全部付费文章', '全部课程', '离线阅读', '没有每月篇数限制'] },
    products: [
      { name: 'Premium, monthly', price: 3000, period_unit: 'month', period_count: 1, zh: '高级会员（按月）' },
      { name: 'Premium, yearly', price: 30000, period_unit: 'month', period_count: 12, zh: '高级会员（按年）' },
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
    const { products, perks, zh, ...fields } = plan;
    // Stored as a staff write stores them: the Chinese perks as the JSON text of the list, like `perks`.
    const translations = JSON.stringify({ 'zh-CN': { name: zh.name, description: zh.description, perks: JSON.stringify(zh.perks) } });
    const row = await db
      .insertInto('memberships')
      .values({ ...fields, perks: JSON.stringify(perks), translations, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[plan.slug] = row.id;
    for (const [i, { zh: zhName, ...p }] of products.entries()) {
      await db
        .insertInto('membership_products')
        .values({ ...p, translations: JSON.stringify({ 'zh-CN': { name: zhName } }), membership_id: row.id, is_active: 1, sort_order: i, created_at: now, updated_at: now })
        .execute();
    }
  }
  return ids;
}
