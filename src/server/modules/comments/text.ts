const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** http(s) addresses in running text; a trailing full stop, comma or closing bracket is the sentence's. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

function linkify(line: string): string {
  let html = '';
  let at = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    html += escapeHtml(line.slice(at, start));
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(url).protocol);
    } catch {
      valid = false;
    }
    const shown = escapeHtml(url);
    html += valid ? `<a href="${shown}" rel="nofollow ugc noopener" target="_blank">${shown}</a>` : shown;
    at = start + url.length;
  }
  return html + escapeHtml(line.slice(at));
}

/**
 * A comment's plain text as safe HTML: every character escaped, blank lines between paragraphs, single line
 * breaks kept, http(s) addresses made links that pass no ranking (`nofollow ugc`). Users' own markup is
 * shown as text, never interpreted.
 */
export function commentHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .map((para) => `<p>${para.trim().split('\n').map(linkify).join('<br>')}</p>`)
    .join('');
}
