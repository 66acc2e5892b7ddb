import { createContext, useContext, useEffect } from 'react';
import { HEAD_UPDATE_DELAY_MS } from '../../shared/constants.js';
import { useAppEnv } from '../app/context.js';

export interface HeadProps {
  title: string;
  description?: string;
  /** Path or absolute URL of the canonical page; defaults to none. */
  canonical?: string;
  image?: string | null;
  type?: 'website' | 'article';
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  /** The page's own feeds, advertised so a feed reader given the page subscribes to the right one. */
  feeds?: { href: string; type: 'rss' | 'atom'; title: string }[];
}

const FEED_MIME = { rss: 'application/rss+xml', atom: 'application/atom+xml' } as const;

/** Collects the head of the page being rendered on the server (the deepest <Head> wins). */
export class HeadCollector {
  current: (HeadProps & { siteName: string; publicUrl: string }) | undefined;

  set(head: HeadProps & { siteName: string; publicUrl: string }): void {
    this.current = head;
  }
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function absolute(url: string, publicUrl: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function fullTitle(title: string, siteName: string) {
  return title === siteName ? title : `${title} · ${siteName}`;
}

/** The <head> markup for SSR. */
export function renderHead(head: HeadCollector['current'], fallbackTitle: string): string {
  if (!head) return `<title>${escapeHtml(fallbackTitle)}</title>`;
  const { publicUrl, siteName } = head;
  const parts = [`<title>${escapeHtml(fullTitle(head.title, siteName))}</title>`];
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined | null) => {
    if (value) parts.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" data-head>`);
  };
  meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:type', head.type ?? 'website');
  meta('property', 'og:site_name', siteName);
  if (head.image) meta('property', 'og:image', absolute(head.image, publicUrl));
  if (head.canonical) {
    const url = absolute(head.canonical, publicUrl);
    meta('property', 'og:url', url);
    parts.push(`<link rel="canonical" href="${escapeHtml(url)}" data-head>`);
  }
  for (const feed of head.feeds ?? []) {
    const href = escapeHtml(absolute(feed.href, publicUrl));
    parts.push(`<link rel="alternate" type="${FEED_MIME[feed.type]}" title="${escapeHtml(feed.title)}" href="${href}" data-head>`);
  }
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  if (head.jsonLd) {
    const json = JSON.stringify(head.jsonLd).replace(/</g, '\\u003c');
    parts.push(`<script type="application/ld+json" data-head>${json}</script>`);
  }
  return parts.join('');
}

/**
 * Puts this head markup (from renderHead) into document.head. A head already there as it would be written (the
 * page the server rendered, when it hydrates) stays untouched: no element is removed and parsed again.
 */
export function applyHead(html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  const title = template.content.querySelector('title')?.textContent ?? '';
  if (document.title !== title) document.title = title;
  const next = [...template.content.querySelectorAll('[data-head]')];
  const current = [...document.head.querySelectorAll('[data-head]')];
  if (current.length === next.length && current.every((el, i) => el.isEqualNode(next[i]!))) return;
  current.forEach((el) => el.remove());
  next.forEach((el) => document.head.appendChild(el));
}

/** Declares the page's head: collected during SSR, applied to document.head in the browser. */
export function Head(props: HeadProps) {
  const collector = useContext(HeadCollectorContext);
  const { siteName, publicUrl } = useAppEnv();
  collector?.set({ ...props, siteName, publicUrl });
  const key = JSON.stringify(props);
  useEffect(() => {
    const timer = setTimeout(() => applyHead(renderHead({ ...props, siteName, publicUrl }, siteName)), HEAD_UPDATE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- props are compared by their serialised key
  }, [key, siteName, publicUrl]);
  return null;
}
