import { Link } from 'react-router-dom';
import type { ArticleCard } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatDate } from '../../../lib/format.js';
import { ArticleBadges } from './article-badges.js';

/** Related articles under an article: a compact list of titles with date and reading time, not full cards. */
export function RelatedList({ articles }: { articles: ArticleCard[] }) {
  const { t, lang } = useI18n();
  return (
    <ul className="related-list">
      {articles.map((article) => (
        <li key={article.id} className="related-list__item" lang={article.language}>
          <Link to={paths.article(article.id)} className="related-list__title">{article.title}</Link>
          <p className="meta related-list__meta">
            {article.published_at && (
              <>
                <time dateTime={article.published_at}>{formatDate(lang, article.published_at)}</time>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <span>{t('article.readingTime', { minutes: article.reading_time })}</span>
          </p>
          <ArticleBadges article={article} />
        </li>
      ))}
    </ul>
  );
}
