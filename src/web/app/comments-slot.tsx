import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CommentContentType } from '../../shared/api/comments-paths.js';

/**
 * The comments feature's section under the article and lesson pages (the app composes features): it and its
 * messages are a chunk of their own, fetched when the reader gets near it, never on the first paint.
 */
const CommentsSection = lazy(() => import('../features/comments/components/comments-section.js'));

/**
 * Where the comments go under an article or a lesson: empty on the server's page, the section loaded once the
 * place scrolls into view.
 */
export function CommentsSlot({ contentType, objectId }: { contentType: CommentContentType; objectId: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    // Every browser the site supports has IntersectionObserver; without it (a bare test DOM) the place stays empty.
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={place} className="comments-slot">
      {near && (
        <Suspense fallback={null}>
          <CommentsSection contentType={contentType} objectId={objectId} />
        </Suspense>
      )}
    </div>
  );
}
