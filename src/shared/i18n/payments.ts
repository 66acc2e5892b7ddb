import type { Language } from './index.js';

/**
 * The test payment page's messages (the `dev` provider), English and Simplified Chinese. The page is plain
 * server HTML, so these load with it alone, never with the app's catalogues.
 */
export const paymentsEn = {
  'payments.dev.title': 'Test payment',
  'payments.dev.notice': 'No money moves here: on this demo site this page stands in for a payment provider.',
  'payments.dev.order': 'Order',
  'payments.dev.item': 'For',
  'payments.dev.amount': 'Amount',
  'payments.dev.status': 'Status',
  'payments.dev.pay': 'Pay {amount}',
  'payments.dev.fail': 'Fail the payment',
  'payments.dev.choose': 'Choose what the provider answers:',
  'payments.dev.failed': 'The payment failed (a test). The order is still waiting for payment: you can pay it again from your orders.',
  'payments.dev.paid': 'This order is paid.',
  'payments.dev.closed': 'This order can no longer be paid.',
  'payments.dev.refund': 'The order could no longer be paid, so this payment is recorded for a refund.',
  'payments.dev.invalid': 'This test payment link is not valid or has expired. Start the payment again from your order.',
  'payments.dev.continue': 'Continue',
  'payments.dev.myOrders': 'My orders',
  'payments.status.pending': 'Waiting for payment',
  'payments.status.paid': 'Paid',
  'payments.status.fulfilled': 'Fulfilled',
  'payments.status.cancelled': 'Cancelled',
  'payments.status.refunded': 'Refunded',
  'payments.status.expired': 'Expired',
} as const;

export type PaymentsMessageKey = keyof typeof paymentsEn;

export const paymentsZhCN: Record<PaymentsMessageKey, string> = {
  'payments.dev.title': '测试支付',
  'payments.dev.notice': '这里不会真的付款：在这个演示站点上，本页面代替支付服务商。',
  'payments.dev.order': '订单号',
  'payments.dev.item': '商品',
  'payments.dev.amount': '金额',
  'payments.dev.status': '状态',
  'payments.dev.pay': '支付 {amount}',
  'payments.dev.fail': '模拟支付失败',
  'payments.dev.choose': '选择支付服务商的答复：',
  'payments.dev.failed': '支付失败（测试）。订单仍在等待付款，可以在“我的订单”中再次支付。',
  'payments.dev.paid': '该订单已支付。',
  'payments.dev.closed': '该订单已无法支付。',
  'payments.dev.refund': '该订单已无法支付，这笔付款已记录待退款。',
  'payments.dev.invalid': '这个测试支付链接无效或已过期。请从订单重新发起支付。',
  'payments.dev.continue': '继续',
  'payments.dev.myOrders': '我的订单',
  'payments.status.pending': '待支付',
  'payments.status.paid': '已支付',
  'payments.status.fulfilled': '已发货',
  'payments.status.cancelled': '已取消',
  'payments.status.refunded': '已退款',
  'payments.status.expired': '已过期',
};

export function paymentsMessage(lang: Language, key: PaymentsMessageKey, values: Record<string, string> = {}): string {
  const text: string = lang === 'zh-CN' ? paymentsZhCN[key] : paymentsEn[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
