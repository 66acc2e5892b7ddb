import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../../../src/server/db/types.js';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { sendBatch } from '../../../src/server/modules/newsletters/send-job.js';
import { createNewsletterTransport } from '../../../src/server/modules/newsletters/transport.js';
import { nowIso } from '../../../src/server/platform/time.js';
import type { TestApp } from '../helpers/app.js';
import { createMembershipProduct, createUser } from '../helpers/factories.js';

export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** A reader who said yes (or no) to newsletters on their account page. */
export async function reader(t: TestApp, accepted: boolean | null, language: 'en' | 'zh-CN' = 'en', overrides: Parameters<typeof createUser>[1] = {}): Promise<UserRow> {
  const user = await createUser(t, overrides);
  if (accepted !== null) {
    await t.db.kysely.insertInto('newsletter_preferences').values({ user_id: user.id, accepted: accepted ? 1 : 0, language, updated_at: nowIso() }).execute();
  }
  return user;
}

/** A member of a plan of its own; `expired` moves the subscription's end into the past. */
export async function memberOf(t: TestApp, user: UserRow, membershipId?: number, expired = false) {
  const product = await createMembershipProduct(t, membershipId ? { membership_id: membershipId } : {});
  const { subscription } = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'staff', reference: `news-${user.id}-${product.id}` });
  if (expired) {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await t.db.kysely.updateTable('subscriptions').set({ ends_at: past }).where('id', '=', subscription.id).execute();
  }
  return product.membership_id;
}

/** A paid order of `productId` by the user, written straight into the tables (the checkout has tests of its own). */
export async function boughtBy(t: TestApp, user: UserRow, productId: number, status: 'paid' | 'cancelled' = 'paid') {
  const now = nowIso();
  const order = await t.db.kysely
    .insertInto('orders')
    .values({
      number: `N${user.id}-${productId}-${Date.now()}`,
      user_id: user.id,
      basket_id: null,
      status,
      currency: 'CNY',
      subtotal: 100,
      discount: 0,
      shipping_charge: 0,
      total: 100,
      voucher_id: null,
      voucher_code: null,
      voucher_claimed: 0,
      shipping_method_code: null,
      shipping_method_name: null,
      shipping_address: null,
      payment_method: 'dev',
      language: 'en',
      reserved_until: null,
      expires_at: now,
      paid_at: status === 'paid' ? now : null,
      fulfilled_at: null,
      closed_at: null,
      confirmation_sent_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('order_lines')
    .values({ order_id: order.id, product_id: productId, product_class: 'physical', membership_product_id: null, course_id: null, course_product_id: null, stockrecord_id: null, partner_sku: null, title: 'Book', quantity: 1, unit_price: 100, discount: 0, line_total: 100, created_at: now })
    .execute();
}

/** Runs the send job's work until nothing is left to send (no throttle), as the job would over several runs. */
export async function sendAll(t: TestApp): Promise<void> {
  const transport = createNewsletterTransport(t.config);
  try {
    for (let i = 0; i < 20; i += 1) {
      if ((await sendBatch(t.app.ctx, transport, { limit: 100, gapMs: 0 })) === 0) return;
    }
  } finally {
    transport.close();
  }
}

export const emailsOf = (list: { email: string }[]) => list.map((r) => r.email).sort();
