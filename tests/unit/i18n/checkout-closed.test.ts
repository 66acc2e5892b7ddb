import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../src/shared/api/orders-paths.js';
import { checkoutEn, checkoutZhCN } from '../../../src/shared/i18n/checkout.js';

/** `paySuccess.closed` filled as the payment and checkout pages fill it: with the order's status label. */
const closed = (catalogue: Record<string, string>, number: string, status: string) =>
  catalogue['paySuccess.closed'].replace('{number}', number).replace('{status}', catalogue[`status.${status}`]);

describe('a closed order on the payment page', () => {
  it('names its status as a label, not a capitalised word inside an English sentence', () => {
    expect(closed(checkoutEn, '100003', 'refunded')).toBe('Order 100003: Refunded.');
    expect(closed(checkoutZhCN, '100003', 'refunded')).toBe('订单 100003：已退款。');
    for (const status of ORDER_STATUSES) {
      expect(closed(checkoutEn, '1', status)).not.toMatch(/ is [A-Z]/);
      expect(closed(checkoutZhCN, '1', status)).not.toMatch(/[A-Za-z]{2}/);
    }
  });
});
