import { MERGE_FIELDS, type MailLanguage, type TemplateTexts } from '../../../shared/api/newsletters.js';
import { htmlToText, renderMarkdown } from '../../platform/markdown.js';

/**
 * A message for one recipient: the template's markdown in the recipient's language (English when the template
 * has no Chinese), through the site's own markdown renderer and sanitiser, then merge fields filled in. Values
 * go in after sanitising, HTML-escaped, so a recipient's name can never add markup or links to the message.
 */
export interface MergeValues {
  name: string;
  email: string;
  site_name: string;
  unsubscribe_url: string;
}

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

const FIELD = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;
/** marked percent-encodes braces inside a link's address: `[x]({{unsubscribe_url}})`. */
const ENCODED_FIELD = /%7B%7B\s*([A-Za-z_]+)\s*%7D%7D/gi;

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The merge fields a text uses that are not known, for a template write to refuse. */
export function unknownFields(text: string): string[] {
  const known = new Set<string>(MERGE_FIELDS);
  return [...text.matchAll(FIELD)].map((m) => m[1]).filter((name) => !known.has(name));
}

const valueOf = (values: MergeValues, name: string): string => (name in values ? values[name as keyof MergeValues] : '');

export function textsFor(texts: TemplateTexts, language: MailLanguage) {
  return (language === 'zh-CN' ? texts['zh-CN'] : undefined) ?? texts.en;
}

const FOOTER: Record<MailLanguage, { why: (site: string) => string; unsubscribe: string }> = {
  en: { why: (site) => `You receive this because you are on a mailing list of ${site}.`, unsubscribe: 'Unsubscribe' },
  'zh-CN': { why: (site) => `你收到这封邮件，是因为你在 ${site} 的邮件列表中。`, unsubscribe: '退订' },
};

/** The whole message around a body already safe as HTML: the language, and the unsubscribe footer. */
export function wrapMessage(subject: string, bodyHtml: string, bodyText: string, language: MailLanguage, values: MergeValues): RenderedMessage {
  const footer = FOOTER[language];
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    bodyHtml,
    `<hr><p style="font-size:small;color:#666">${escapeHtml(footer.why(values.site_name))} <a href="${escapeHtml(values.unsubscribe_url)}">${footer.unsubscribe}</a></p>`,
    '</body></html>',
  ].join('\n');
  const text = `${bodyText.trim()}\n\n--\n${footer.why(values.site_name)}\n${footer.unsubscribe}: ${values.unsubscribe_url}\n`;
  return { subject, html, text };
}

export function renderTemplate(texts: TemplateTexts, language: MailLanguage, values: MergeValues): RenderedMessage {
  const chosen = textsFor(texts, language);
  const fill = (_match: string, name: string) => escapeHtml(valueOf(values, name));
  const bodyHtml = renderMarkdown(chosen.body).replace(FIELD, fill).replace(ENCODED_FIELD, fill);
  const bodyText = chosen.body.replace(FIELD, (_m, name: string) => valueOf(values, name));
  const subject = chosen.subject.replace(FIELD, (_m, name: string) => valueOf(values, name)).replace(/[\r\n]+/g, ' ');
  return wrapMessage(subject, bodyHtml, bodyText, language, values);
}

/** An article as a message: its text when the recipient may read it, else its summary and a link to the site. */
export function renderArticle(article: { title: string; summary: string; content_html: string | null; url: string }, language: MailLanguage, values: MergeValues): RenderedMessage {
  const readOn = language === 'zh-CN' ? '在网站上阅读' : 'Read it on the site';
  const head = `<h1>${escapeHtml(article.title)}</h1>`;
  const link = `<p><a href="${escapeHtml(article.url)}">${readOn}</a></p>`;
  const bodyHtml = article.content_html !== null ? `${head}\n${article.content_html}\n${link}` : `${head}\n<p>${escapeHtml(article.summary)}</p>\n${link}`;
  const bodyText = `${article.title}\n\n${htmlToText(article.content_html ?? `<p>${escapeHtml(article.summary)}</p>`)}\n\n${readOn}: ${article.url}`;
  return wrapMessage(article.title, bodyHtml, bodyText, language, values);
}
