import type { ArticleCard } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';

/** The membership ("Premium") and "Free read" tags of SPEC section 2's article cards. */
export function ArticleBadges({ article }: { article: Pick<ArticleCard, 'access' | 'free_read'> }) {
  const { t } = useI18n();
  if (article.access !== 'premium' && !article.free_read) return null;
  return (
    <p className="badges">
      {article.access === 'premium' && <span className="badge badge--premium">{t('article.premium')}</span>}
      {article.free_read && <span className="badge badge--free">{t('article.freeRead')}</span>}
    </p>
  );
}
