import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ArticleDetail } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatDate } from '../../../lib/format.js';
import { ArticleBadges } from './article-badges.js';
import { isFreeToRead, PAYWALLED_CLASS } from './article-json-ld.js';
import { ArticleMeta } from './article-meta.js';
import { TranslationLink } from '../../../ui/translation-link.js';

// The comments' place (the app's slot) loads after hydration and the section only once scrolled to: a guest's
// first visit carries none of it.
const CommentsSlot = lazy(() => import('../../../app/comments-slot.js'));
const noSubscription = () => () => undefined;

/** A labelled group of links (an article's tags, its topics) in the footer's list; nothing when empty. */
function Chips({ label, items, href }: { label: string; items: { id: number; name: string }[]; href: (id: number) => string }) {
  if (items.length === 0) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <ul className="chips">
          {items.map((item) => (
            <li key={item.id}><Link className="chip" to={href(item.id)}>{item.name}</Link></li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

interface ArticleViewProps {
  article: ArticleDetail;
  /** While a logged-in reader's own copy of a locked article is on its way. */
  checkingAccess?: boolean;
  /** Actions under the title (sharing). */
  actions?: ReactNode;
  /** In place of a locked article's body: the paywall with the caller's status (the plain notice otherwise). */
  paywall?: ReactNode;
}

function LockedNotice({ checkingAccess }: { checkingAccess: boolean }) {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <section className={`${PAYWALLED_CLASS} locked-notice`} aria-labelledby="locked-title">
      <h2 id="locked-title">{t('article.lockedTitle')}</h2>
      <p>{t('article.lockedText')}</p>
      <p className="locked-notice__actions">
        <Link className="button button--quiet" to={paths.login(`${location.pathname}${location.search}`)}>{t('article.login')}</Link>
      </p>
      <p className="locked-notice__status" role="status">{checkingAccess ? t('article.checkingAccess') : ''}</p>
    </section>
  );
}

/** Code blocks and tables scroll sideways: keyboard users must be able to focus them to scroll them. */
function useFocusableCodeBlocks(html: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('pre, table').forEach((block) => {
      block.tabIndex = 0;
    });
  }, [html]);
  return ref;
}

/**
 * An article as the API sent it. A locked article shows its summary and the members-only notice; its
 * body is not in the answer, so it cannot be shown, hidden or leaked here.
 */
export function ArticleView({ article, checkingAccess = false, actions, paywall }: ArticleViewProps) {
  const { t, lang } = useI18n();
  const bodyRef = useFocusableCodeBlocks(article.content_html);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const updated = article.published_at && article.updated_at.slice(0, 10) !== article.published_at.slice(0, 10);
  return (
    <article className="article" lang={article.language}>
      <header className="article__header">
        <ArticleBadges article={article} />
        <h1 className="article__title">{article.title}</h1>
        <TranslationLink translation={article.translation} to={paths.article} />
        <ArticleMeta article={article} />
        {updated && (
          <p className="meta">
            {t('article.updated')} <time dateTime={article.updated_at}>{formatDate(lang, article.updated_at)}</time>
          </p>
        )}
        {/* One row that wraps: a control that appears once the page runs (Save for offline) sits beside Share
            instead of opening a new line that pushes the article down. */}
        {actions && <div className="article__actions">{actions}</div>}
      </header>
      {/* The cover is the article's largest paint on a phone: fetched first. */}
      {article.cover && <img className="article__cover" src={article.cover} alt="" fetchPriority="high" />}
      {article.locked ? (
        <>
          {article.summary && <p className="article__summary">{article.summary}</p>}
          {paywall ?? <LockedNotice checkingAccess={checkingAccess} />}
        </>
      ) : (
        <div
          ref={bodyRef}
          className={isFreeToRead(article) ? 'article-body' : `article-body ${PAYWALLED_CLASS}`}
          // Sanitised by the server when the article was written (platform/markdown.ts).
          dangerouslySetInnerHTML={{ __html: article.content_html ?? '' }}
        />
      )}
      {(article.tags.length > 0 || article.topics.length > 0) && (
        <footer className="article__footer">
          <dl className="taxonomy">
            <Chips label={t('article.tags')} items={article.tags} href={paths.tag} />
            <Chips label={t('article.topics')} items={article.topics} href={paths.topic} />
          </dl>
        </footer>
      )}
      {hydrated && article.status === 'published' && (
        <Suspense fallback={null}>
          <CommentsSlot contentType="article" objectId={article.id} locked={article.locked} />
        </Suspense>
      )}
    </article>
  );
}
