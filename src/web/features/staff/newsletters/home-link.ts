import { useI18n } from '../../../app/context.js';

/** The newsletter screen's address. */
export const NEWSLETTERS_PATH = '/staff/newsletters';

const CARD = {
  en: { title: 'Newsletters', text: 'Recipient lists, templates in English and Chinese, campaigns with progress and report.' },
  'zh-CN': { title: '通讯', text: '收件人列表、中英文模板，以及带进度和报告的发送活动。' },
} as const;

/** The staff home page's card for newsletters (its two lines alone, not the screen's whole catalogue). */
export function useNewslettersCard(): { to: string; title: string; text: string } {
  const { lang } = useI18n();
  return { to: NEWSLETTERS_PATH, ...CARD[lang] };
}
