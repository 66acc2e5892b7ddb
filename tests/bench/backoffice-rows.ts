import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types.js';

/**
 * A real shop's back office, written straight into the tables: `count` accounts, one in 50 blocked, each with
 * one order (spread over the last 60 days, every status in turn, both payment methods); then the planner's
 * statistics, as a live site has them. Names are `<name><i>` (`<name><i>@example.com`, order `BO-<name><i>`),
 * so a run can pick a name no earlier run used. The bench measures the back office on these rows, and its API
 * test holds the lists to a time.
 */
const ORDER_STATUSES_IN_TURN = ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded', 'expired'] as const;
const CHUNK = 500;

export async function writeMembersWithOrders(k: Kysely<Database>, count: number, name: string): Promise<void> {
  const day = (i: number) => new Date(Date.now() - (i % 60) * 86_400_000).toISOString();
  for (let start = 0; start < count; start += CHUNK) {
    const users = Array.from({ length: Math.min(CHUNK, count - start) }, (_, j) => {
      const i = start + j;
      return {
        username: `${name}${i}`,
        email: `${name}${i}@example.com`,
        password_hash: null,
        display_name: `Member ${i}`,
        description: '',
        avatar: null,
        mobile: null,
        role: 'user' as const,
        email_verified: 1 as const,
        is_active: (i % 50 === 0 ? 0 : 1) as 0 | 1,
        created_at: day(i),
        updated_at: day(i),
      };
    });
    const ids = await k.insertInto('users').values(users).returning('id').execute();
    await k
      .insertInto('orders')
      .values(
        ids.map(({ id }, j) => {
          const i = start + j;
          const status = ORDER_STATUSES_IN_TURN[i % ORDER_STATUSES_IN_TURN.length]!;
          const paid = status === 'paid' || status === 'fulfilled' || status === 'refunded';
          return {
            number: `BO-${name}${i}`,
            user_id: id,
            basket_id: null,
            status,
            currency: 'CNY',
            subtotal: 1000 + (i % 7) * 100,
            discount: 0,
            shipping_charge: 0,
            total: 1000 + (i % 7) * 100,
            voucher_id: null,
            voucher_code: null,
            voucher_claimed: 0 as const,
            shipping_method_code: null,
            shipping_method_name: null,
            shipping_address: null,
            payment_method: i % 2 === 0 ? 'alipay' : 'wechatpay',
            language: null,
            reserved_until: null,
            expires_at: day(i),
            paid_at: paid ? day(i) : null,
            fulfilled_at: null,
            closed_at: null,
            confirmation_sent_at: null,
            created_at: day(i),
            updated_at: day(i),
          };
        }),
      )
      .execute();
  }
  // The planner's statistics, as a live site has them.
  await sql`analyze`.execute(k);
}
