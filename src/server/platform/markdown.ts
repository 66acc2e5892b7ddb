import { createRequire } from 'node:module';
import type HighlightJs from 'highlight.js';
import { Marked } from 'marked';
import { markedHighlight } from 'marked-highlight';
import type SanitizeHtml from 'sanitize-html';

/**
 * The sanitiser and the highlighter are loaded on first use, not at start: together they are a fifth of
 * the server's start-up time, and most processes render no Markdown (only writing an article does).
 */
const load = createRequire(import.meta.url);
let hljsModule: typeof HighlightJs | undefined;
let sanitizeModule: typeof SanitizeHtml | undefined;
const hljs = () => (hljsModule ??= load('highlight.js/lib/common') as typeof HighlightJs);
const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions) => (sanitizeModule ??= load('sanitize-html') as typeof SanitizeHtml)(html, options);
const sanitizeDefaults = () => (sanitizeModule ??= load('sanitize-html') as typeof SanitizeHtml).defaults;

const marked = new Marked(
  markedHighlight({
    emptyLangClass: 'hljs',
    langPrefix: 'hljs language-',
    highlight(code, lang) {
      const language = hljs().getLanguage(lang) ? lang : 'plaintext';
      return hljs().highlight(code, { language }).value;
    },
  }),
  { gfm: true },
);

const sanitizeOptions = (): SanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitizeDefaults().allowedTags,
    'img', 'figure', 'figcaption', 'picture', 'source', 'del', 'ins', 'sup', 'sub', 'details', 'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'type', 'media'],
    code: ['class'],
    span: ['class'],
    pre: ['class'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
    h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'],
  },
  allowedClasses: { code: [/^hljs/, /^language-/], span: [/^hljs-/], pre: [/^hljs/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', decoding: 'async', ...attribs } }),
    a: (tagName, attribs) =>
      /^https?:\/\//.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }
        : { tagName, attribs },
  },
});
let sanitizeOptionsMade: SanitizeHtml.IOptions | undefined;

/** Markdown -> sanitised HTML with highlighted code. Runs when an article is written, not when read. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, (sanitizeOptionsMade ??= sanitizeOptions()));
}

/** Plain text of rendered HTML, for search and snippets. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Minutes to read: 230 words a minute for Latin text, 400 characters a minute for CJK. */
export function readingTime(text: string): number {
  const cjk = (text.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length;
  const words = text.replace(/[\u3400-\u9fff\uf900-\ufaff]/g, ' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230 + cjk / 400));
}
