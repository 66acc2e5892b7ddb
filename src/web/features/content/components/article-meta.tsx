import { Link } from 'react-router-dom';
import type { ArticleCard } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatDate } from '../../../lib/format.js';

type MetaFields = Pick<ArticleCard, 'author' | 'category' | 'published_at' | 'reading_time'>;

/** Author, category, date and reading time of an article, as one line. */
export function ArticleMeta({ article, showCategory = true }: { article: MetaFields; showCategory?: boolean }) {
  const { t, lang } = useI18n();
  return (
    <p className="meta">
      <Link to={paths.author(article.author.id)}>{article.author.display_name}</Link>
      {showCategory && article.category && (
        <>
          <span aria-hidden="true"> · </span>
          <Link to={paths.category(article.category.id)}>{article.category.name}</Link>
        </>
      )}
      {article.published_at && (
        <>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.published_at}>{formatDate(lang, article.published_at)}</time>
        </>
      )}
      <span aria-hidden="true"> · </span>
      <span>{t('article.readingTime', { minutes: article.reading_time })}</span>
    </p>
  );
}
