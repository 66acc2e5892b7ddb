import { createFeatureI18n } from '../../../lib/feature-i18n.js';
import { opsPaths } from './ops-paths.js';

// The card's two lines only, so the back office's home page does not load the operations screens' messages.
const useCardI18n = createFeatureI18n({
  en: { 'opsCard.title': 'Shop, members and moderation', 'opsCard.text': 'Dashboard, orders and refunds, members and blocks, gift codes, the catalogue, comments, reports and the audit log.' },
  'zh-CN': { 'opsCard.title': '商店、会员与审核', 'opsCard.text': '概览、订单与退款、会员与封禁、礼品码、商品目录、评论、举报和操作日志。' },
});

/** The back office home page's card for the operations screens. */
export function useOpsCard() {
  const { t } = useCardI18n();
  return { to: opsPaths.dashboard(), title: t('opsCard.title'), text: t('opsCard.text') };
}
