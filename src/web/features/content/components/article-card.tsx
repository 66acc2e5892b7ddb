import { Link } from 'react-router-dom';
import type { ArticleCard as Card } from '../../../../shared/api/content.js';
import { paths } from '../../../app/paths.js';
import { ArticleBadges } from './article-badges.js';
import { ArticleMeta } from './article-meta.js';

interface ArticleCardProps {
  article: Card;
  /** The card's heading level under the section it sits in. */
  level?: 2 | 3;
}

/** An article as listed: cover, tags, title, summary and meta; never any of its body. */
export function ArticleCard({ article, level = 3 }: ArticleCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="card" lang={article.language}>
      {article.cover && <img className="card__cover" src={article.cover} alt="" loading="lazy" decoding="async" />}
      <div className="card__body">
        <ArticleBadges article={article} />
        <Heading className="card__title">
          <Link to={paths.article(article.id)}>{article.title}</Link>
        </Heading>
        {article.summary && <p className="card__summary">{article.summary}</p>}
        <ArticleMeta article={article} />
      </div>
    </article>
  );
}
