import type { MailChoices, MailChoicesWrite, Suppression } from '../../../shared/api/newsletters.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { nowIso } from '../../platform/time.js';
import type { SuppressionReason } from '../../db/newsletter-types.js';
import { findPreferences, findSuppression, liftUnsubscription, listSuppressions, savePreferences, suppress } from './repo.js';

/**
 * A reader's mail choices, and the suppression list. The list is the last word: no campaign sends to an address on
 * it (checked as each message goes). A reader who says yes again lifts their own unsubscription; a bounce or a
 * complaint stays until staff remove it.
 */
const mailLanguage = (value: string | undefined) => (value === 'zh-CN' ? 'zh-CN' : 'en');

export async function mailChoicesOf(ctx: AppContext, actor: Actor): Promise<MailChoices> {
  const db = ctx.db.kysely;
  const [prefs, suppressed] = await Promise.all([findPreferences(db, actor.id), findSuppression(db, actor.email.toLowerCase())]);
  return { accepted: prefs?.accepted === 1 && !suppressed, language: mailLanguage(prefs?.language), blocked: suppressed !== undefined && suppressed.reason !== 'unsubscribed' };
}

export async function setMailChoices(ctx: AppContext, actor: Actor, input: MailChoicesWrite): Promise<MailChoices> {
  const email = actor.email.toLowerCase();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    await savePreferences(trx, actor.id, input.accepted ? 1 : 0, input.language, now);
    if (input.accepted) await liftUnsubscription(trx, email);
    else await suppress(trx, email, 'unsubscribed', now);
  });
  return mailChoicesOf(ctx, actor);
}

export function suppressionList(ctx: AppContext): Promise<Suppression[]> {
  return listSuppressions(ctx.db.kysely);
}

export async function addSuppression(ctx: AppContext, email: string, reason: SuppressionReason): Promise<Suppression> {
  await suppress(ctx.db.kysely, email, reason, nowIso());
  return (await findSuppression(ctx.db.kysely, email))!;
}

/** For other modules: may a newsletter go to this address? */
export async function isSuppressed(ctx: AppContext, email: string): Promise<boolean> {
  return (await findSuppression(ctx.db.kysely, email.toLowerCase())) !== undefined;
}
