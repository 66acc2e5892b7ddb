import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailLanguage } from '../../../shared/api/newsletters.js';
import { API_PREFIX } from '../../../shared/api/common.js';
import type { AppContext } from '../../platform/context.js';
import { nowIso } from '../../platform/time.js';
import { findDelivery, markUnsubscribed } from './delivery-repo.js';
import { suppress } from './repo.js';

/**
 * The unsubscribe link of one delivered message: `<delivery id>.<HMAC of it>`, signed with the site's secret, so
 * it needs no login and cannot be guessed for another message. It works once (the delivery row records its use).
 */
const sign = (ctx: AppContext, deliveryId: number) =>
  createHmac('sha256', ctx.config.secretKey).update(`newsletter-unsubscribe:${deliveryId}`).digest('base64url').slice(0, 32);

export const unsubscribeToken = (ctx: AppContext, deliveryId: number) => `${deliveryId}.${sign(ctx, deliveryId)}`;

export const unsubscribeUrl = (ctx: AppContext, deliveryId: number) => `${ctx.config.publicUrl}${API_PREFIX}/ses/unsubscribe/${unsubscribeToken(ctx, deliveryId)}`;

/** The delivery id of a genuine token, else null. */
export function deliveryOfToken(ctx: AppContext, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(sign(ctx, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export type UnsubscribeState = 'invalid' | 'ready' | 'used' | 'done';

export interface UnsubscribeView {
  state: UnsubscribeState;
  email: string;
  language: MailLanguage;
}

const languageOf = (value: string | undefined): MailLanguage => (value === 'zh-CN' ? 'zh-CN' : 'en');

/** What the link's page shows before anything is done. */
export async function inspectUnsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeView> {
  const id = deliveryOfToken(ctx, token);
  const row = id === null ? undefined : await findDelivery(ctx.db.kysely, id);
  if (!row) return { state: 'invalid', email: '', language: 'en' };
  return { state: row.unsubscribed_at ? 'used' : 'ready', email: row.email, language: languageOf(row.language) };
}

/** Unsubscribes the address of the message: onto the suppression list, in the same transaction as the link's use. */
export async function applyUnsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeView> {
  const id = deliveryOfToken(ctx, token);
  if (id === null) return { state: 'invalid', email: '', language: 'en' };
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findDelivery(trx, id);
    if (!row) return { state: 'invalid', email: '', language: 'en' } as UnsubscribeView;
    const language = languageOf(row.language);
    const now = nowIso();
    if (!(await markUnsubscribed(trx, id, now))) return { state: 'used', email: row.email, language } as UnsubscribeView;
    await suppress(trx, row.email, 'unsubscribed', now);
    return { state: 'done', email: row.email, language } as UnsubscribeView;
  });
}
