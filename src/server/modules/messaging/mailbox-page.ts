import type { OutboxEntry } from '../../platform/mail.js';

/** The demo mailbox as plain server-rendered HTML: no script, everything escaped. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head>
<body>${body}</body></html>`;
}

const linkList = (links: string[]) =>
  links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('<br>');

export function mailboxListHtml(entries: OutboxEntry[], listPath: string): string {
  const rows = entries
    .map(
      (e) => `<tr><td>${escapeHtml(e.created_at)}</td><td>${e.kind === 'sms' ? 'SMS' : 'E-mail'}</td><td>${escapeHtml(e.to)}</td>
<td><a href="${listPath}/${encodeURIComponent(e.id)}">${escapeHtml(e.subject)}</a></td><td>${linkList(e.links)}</td></tr>`,
    )
    .join('\n');
  const table = entries.length
    ? `<table><thead><tr><th>Sent</th><th>Kind</th><th>To</th><th>Subject</th><th>Links</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No messages yet.</p>';
  return page('Mailbox', `<h1>Mailbox</h1><p>Messages this demo site would have sent (newest first).</p>${table}`);
}

export function mailboxMessageHtml(entry: OutboxEntry, listPath: string): string {
  return page(
    entry.subject,
    `<p><a href="${listPath}">← Mailbox</a></p><h1>${escapeHtml(entry.subject)}</h1>
<p>${entry.kind === 'sms' ? 'SMS' : 'E-mail'} to ${escapeHtml(entry.to)}, ${escapeHtml(entry.created_at)}</p>
<pre>${escapeHtml(entry.text)}</pre>${entry.links.length ? `<p>${linkList(entry.links)}</p>` : ''}`,
  );
}
