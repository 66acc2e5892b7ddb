import type { ArticleCard as Card } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { Masonry } from '../../../ui/masonry.js';
import { ArticleCard } from './article-card.js';

/** Article cards in the masonry, or a line saying there are none. */
export function ArticleGrid({ articles, level = 3, label }: { articles: Card[]; level?: 2 | 3; label?: string }) {
  const { t } = useI18n();
  if (articles.length === 0) return <p className="empty">{t('list.empty')}</p>;
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
