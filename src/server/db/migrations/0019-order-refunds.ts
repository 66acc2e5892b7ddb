import type { Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * Refunds made through the payment provider: a refund row is written `requested` with the number the
 * provider knows it by (`out_request_no`, unique, so a retry is the same refund at the provider), and becomes
 * `succeeded` or `failed` (with the provider's reason) once the provider has answered. Earlier rows were
 * records of refunds made in the provider's console: they count as succeeded. One refund per payment.
 */
export const orderRefundsMigration: LecternMigration = {
  name: '0019-order-refunds',
  async up(db: Kysely<unknown>) {
    const table = () => db.schema.alterTable('order_refunds');
    await table().addColumn('status', 'text', (c) => c.notNull().defaultTo('succeeded')).execute();
    await table().addColumn('out_request_no', 'text').execute();
    await table().addColumn('provider', 'text').execute();
    await table().addColumn('provider_refund_no', 'text').execute();
    // provider: the provider returned the money; local: nothing to call (the test provider, a free order, or a
    // provider no longer configured, whose console staff use).
    await table().addColumn('settled_by', 'text').execute();
    await table().addColumn('failure_reason', 'text').execute();
    await table().addColumn('updated_at', 'text').execute();
    await db.schema.createIndex('order_refunds_request_no').on('order_refunds').column('out_request_no').unique().execute();
    await db.schema.createIndex('order_refunds_payment_once').on('order_refunds').column('payment_id').unique().execute();
  },
};
