import { Link } from 'react-router-dom';
import type { ArticleCard as Card } from '../../../../shared/api/content.js';
import { paths } from '../../../app/paths.js';
import { ArticleBadges } from './article-badges.js';
import { ArticleMeta } from './article-meta.js';

/** Tags a card names; the article page lists them all. */
const CARD_TAGS = 3;

interface ArticleCardProps {
  article: Card;
  /** The card's heading level under the section it sits in. */
  level?: 2 | 3;
}

/**
 * An article as listed: its membership tag, title, summary (a few lines), tags, meta and cover; never any of its body.
 * The title's link covers the whole card, so the card is one large tap target; the meta's own links sit above it.
 */
export function ArticleCard({ article, level = 3 }: ArticleCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const tags = article.tags.slice(0, CARD_TAGS);
  return (
    <article className={article.cover ? 'card card--cover' : 'card'} lang={article.language}>
      <div className="card__body">
        <ArticleBadges article={article} />
        <Heading className="card__title">
          <Link to={paths.article(article.id)}>{article.title}</Link>
        </Heading>
        {article.summary && <p className="card__summary">{article.summary}</p>}
        {tags.length > 0 && (
          <ul className="card__tags">
            {tags.map((tag) => (
              <li key={tag.id}>#{tag.name}</li>
            ))}
          </ul>
        )}
        <ArticleMeta article={article} />
      </div>
      {article.cover && <img className="card__cover" src={article.cover} alt="" loading="lazy" decoding="async" />}
    </article>
  );
}
