import { Link } from 'react-router-dom';
import type { ArticleCard } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatNumber } from '../../../lib/format.js';
import { ArticleBadges } from './article-badges.js';

/** A ranked list of hot articles: title, tags and how often each was read. */
export function HotList({ articles }: { articles: ArticleCard[] }) {
  const { t, lang } = useI18n();
  if (articles.length === 0) return <p className="empty">{t('list.empty')}</p>;
  return (
    <ol className="hot-list">
      {articles.map((article) => (
        <li key={article.id} className="hot-list__item" lang={article.language}>
          <Link to={paths.article(article.id)} className="hot-list__title">{article.title}</Link>
          <ArticleBadges article={article} />
          <p className="meta">{t(article.view_count === 1 ? 'article.viewsOne' : 'article.views', { count: formatNumber(lang, article.view_count) })}</p>
        </li>
      ))}
    </ol>
  );
}
