import { useI18n } from '../../../app/context.js';

/** A link to an RSS feed (a server URL, so a plain anchor: the router does not own it). */
export function FeedLink({ href, name }: { href: string; name?: string }) {
  const { t } = useI18n();
  return (
    <a className="feed-link" href={href} type="application/rss+xml">
      <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
        <circle cx="3" cy="13" r="2" fill="currentColor" />
        <path d="M1 6a9 9 0 0 1 9 9h-2.5A6.5 6.5 0 0 0 1 8.5zM1 1a14 14 0 0 1 14 14h-2.5A11.5 11.5 0 0 0 1 3.5z" fill="currentColor" />
      </svg>
      {name ? t('feed.of', { name }) : t('feed.label')}
    </a>
  );
}
