import type { ArticleCard as Card } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { Masonry } from '../../../ui/masonry.js';
import { ArticleCard } from './article-card.js';

/**
 * Article cards in the masonry, or a line saying there are none. `count` is the whole list's: a page past the
 * last of a list that has articles shows nothing here (the pagination says where they are).
 */
export function ArticleGrid({ articles, count, level = 3, label }: { articles: Card[]; count: number; level?: 2 | 3; label?: string }) {
  const { t } = useI18n();
  if (articles.length === 0) return count === 0 ? <p className="empty">{t('list.empty')}</p> : null;
  return (
    <Masonry label={label}>
      {articles.map((article) => (
        <li key={article.id} className="masonry__item">
          <ArticleCard article={article} level={level} />
        </li>
      ))}
    </Masonry>
  );
}
