import { createElement, useEffect, useState, type ComponentType } from 'react';
import type { CommentContentType } from '../../shared/api/comments-paths.js';

interface Target {
  contentType: CommentContentType;
  objectId: number;
  /** The caller may not read the object (its comments are for its readers): the section says so and asks nothing. */
  locked: boolean;
}

/**
 * Where the comments feature's section goes under an article or a lesson (the app composes features): empty on
 * the server's page; the section, its messages and styles are a chunk of their own, fetched once the place
 * scrolls into view, never on the first paint. Every browser the site supports has IntersectionObserver; without
 * it (a bare test DOM) the place stays empty. Written without JSX: it is on every article's first visit.
 */
/** The comments' place on a page, as a link's fragment (`/article/3#comments`). */
export const COMMENTS_ANCHOR = 'comments';

export function CommentsSlot(target: Target) {
  const [place, setPlace] = useState<HTMLElement | null>(null);
  const [Section, setSection] = useState<ComponentType<Target> | null>(null);
  // Back from logging in to comment (`#comments`): the page opens at its comments, which then load.
  useEffect(() => {
    if (place && window.location.hash === `#${COMMENTS_ANCHOR}`) place.scrollIntoView();
  }, [place]);
  useEffect(() => {
    if (Section || !place || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void import('../features/comments/components/comments-section.js').then((m) => setSection(() => m.CommentsSection));
    });
    observer.observe(place);
    return () => observer.disconnect();
  }, [place, Section]);
  return createElement('div', { ref: setPlace, id: COMMENTS_ANCHOR, className: 'comments-slot' }, Section && createElement(Section, target));
}

export default CommentsSlot;
