import type { OrderStatus } from '../../../shared/api/orders-paths.js';
import { devPayPath } from '../../../shared/api/payments-paths.js';
import type { Language } from '../../../shared/i18n/index.js';
import { paymentsMessage, type PaymentsMessageKey } from '../../../shared/i18n/payments.js';
import { formatPrice } from '../../../web/lib/price.js';

/**
 * The test payment page as plain server HTML: no script (the CSP allows none inline), everything escaped,
 * readable at 320 px. Its forms post back to the same address with the signed token.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface DevPageOrder {
  number: string;
  title: string;
  total: number;
  currency: string;
  status: OrderStatus;
}

export type DevPageState =
  | { kind: 'payable'; token: string }
  | { kind: 'failed' }
  | { kind: 'refund' }
  | { kind: 'paid'; returnPath: string }
  | { kind: 'closed' };

function page(lang: Language, body: string): string {
  const t = (key: PaymentsMessageKey) => escapeHtml(paymentsMessage(lang, key));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('payments.dev.title')}</title>
<style>body{font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;max-width:32rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}
main{border:2px dashed #b45309;border-radius:.5rem;padding:1rem}h1{margin-top:0;font-size:1.5rem}
.notice{background:#fef3c7;padding:.5rem .75rem;border-radius:.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}form{display:inline}.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button,.link{font:inherit;padding:.6rem 1rem;border-radius:.375rem;border:1px solid #1a1a1a;cursor:pointer;min-height:44px;text-decoration:none;display:inline-flex;align-items:center}
.pay{background:#166534;color:#fff;border-color:#166534}.fail{background:#fff;color:#991b1b;border-color:#991b1b}
button:focus-visible,.link:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}.notice{background:#422006}button,.link{border-color:#eee;color:#eee}.fail{background:#111;color:#fca5a5;border-color:#fca5a5}}</style></head>
<body><main><h1>${t('payments.dev.title')}</h1><p class="notice">${t('payments.dev.notice')}</p>${body}</main></body></html>`;
}

export function devPayHtml(lang: Language, order: DevPageOrder | null, state: DevPageState | { kind: 'invalid' }): string {
  const t = (key: PaymentsMessageKey, values?: Record<string, string>) => escapeHtml(paymentsMessage(lang, key, values));
  if (!order || state.kind === 'invalid') return page(lang, `<p role="alert">${t('payments.dev.invalid')}</p><p><a class="link" href="/my-order">${t('payments.dev.myOrders')}</a></p>`);
  const amount = formatPrice(lang, order.total, order.currency);
  const facts = `<dl><dt>${t('payments.dev.order')}</dt><dd>${escapeHtml(order.number)}</dd>
<dt>${t('payments.dev.item')}</dt><dd>${escapeHtml(order.title)}</dd>
<dt>${t('payments.dev.amount')}</dt><dd>${escapeHtml(amount)}</dd>
<dt>${t('payments.dev.status')}</dt><dd>${t(`payments.status.${order.status}`)}</dd></dl>`;
  const myOrders = `<a class="link" href="/my-order">${t('payments.dev.myOrders')}</a>`;
  switch (state.kind) {
    case 'payable': {
      const form = (action: 'pay' | 'fail', label: string) =>
        `<form method="post" action="${devPayPath}"><input type="hidden" name="token" value="${escapeHtml(state.token)}"><input type="hidden" name="action" value="${action}"><button type="submit" class="${action}">${label}</button></form>`;
      return page(lang, `${facts}<p>${t('payments.dev.choose')}</p><div class="actions">${form('pay', t('payments.dev.pay', { amount }))}${form('fail', t('payments.dev.fail'))}</div>`);
    }
    case 'failed':
      return page(lang, `${facts}<p role="alert">${t('payments.dev.failed')}</p><div class="actions">${myOrders}</div>`);
    case 'refund':
      return page(lang, `${facts}<p role="alert">${t('payments.dev.refund')}</p><div class="actions">${myOrders}</div>`);
    case 'paid':
      return page(lang, `${facts}<p>${t('payments.dev.paid')}</p><div class="actions"><a class="link" href="${escapeHtml(state.returnPath)}">${t('payments.dev.continue')}</a></div>`);
    case 'closed':
      return page(lang, `${facts}<p role="alert">${t('payments.dev.closed')}</p><div class="actions">${myOrders}</div>`);
  }
}
