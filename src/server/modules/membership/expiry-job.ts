import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, LANGUAGES, type Language } from '../../../shared/i18n/index.js';
import type { AppContext } from '../../platform/context.js';
import { localised } from '../../platform/translations.js';
import { sendMail } from '../messaging/service.js';
import { getUser, hasEmail } from '../users/service.js';
import { reminderMail } from './mail-templates.js';
import { monthOf } from './meter.js';
import { pruneBefore } from './meter-repo.js';
import { claimReminder, dueForReminder, endLapsed, releaseReminder, type ReminderKind } from './expiry-repo.js';
import type { SubscriptionRow } from './repo.js';

const DAY_MS = 24 * 3600 * 1000;
/** How often each process runs the job. Any number of processes may run it: claims keep mails single. */
export const EXPIRY_JOB_INTERVAL_MS = 5 * 60 * 1000;
/** A lapse older than this gets no "has ended" mail (a site that was down for long does not spam). */
const EXPIRED_MAIL_WITHIN_MS = 3 * DAY_MS;

export interface ExpiryJobResult {
  ended: number;
  mailed: number;
}

/**
 * Ends subscriptions whose end has passed and mails members 7 days and 1 day before the end and when it
 * has passed. Each mail is claimed first by a row unique per subscription, kind and term end, so two runs
 * (in one process or several) never send it twice; a renewal's new end gets its own reminders. A mail
 * that fails gives its claim back and is tried again on the next run.
 */
export async function runExpiryJob(ctx: AppContext, log?: FastifyBaseLogger, now: Date = new Date()): Promise<ExpiryJobResult> {
  const db = ctx.db.kysely;
  const at = now.toISOString();
  const ended = await endLapsed(db, at);
  const windows: [ReminderKind, number, number][] = [
    ['expired', -EXPIRED_MAIL_WITHIN_MS, 0],
    ['expires_1d', 0, DAY_MS],
    ['expires_7d', DAY_MS, 7 * DAY_MS],
  ];
  let mailed = 0;
  for (const [kind, from, to] of windows) {
    const due = await dueForReminder(db, kind, new Date(now.getTime() + from).toISOString(), new Date(now.getTime() + to).toISOString());
    for (const sub of due) {
      if (!(await claimReminder(db, sub.id, kind, sub.ends_at, at))) continue;
      try {
        if (await mailReminder(ctx, sub, kind, now)) mailed += 1;
      } catch (err) {
        log?.error({ err, subscription: sub.id, kind }, 'membership reminder not sent');
        await releaseReminder(db, sub.id, kind, sub.ends_at);
      }
    }
  }
  // The meter needs this month and the last (a read near midnight of the 1st); older months go.
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  await pruneBefore(db, monthOf(lastMonth));
  return { ended, mailed };
}

/** The plan's name in each language of the mails: its translation there, else its default name. */
function planNames(sub: SubscriptionRow): Record<Language, string> {
  const names = {} as Record<Language, string>;
  for (const lang of LANGUAGES) names[lang] = localised({ name: sub.membership_name }, sub.membership_translations, lang).name;
  return names;
}

/** False when the member has no address to write to (signed up by phone); the claim stays. */
async function mailReminder(ctx: AppContext, sub: SubscriptionRow, kind: ReminderKind, now: Date): Promise<boolean> {
  const user = await getUser(ctx, sub.user_id);
  if (!user || !hasEmail(user)) return false;
  const message = reminderMail(
    kind,
    {
      site: ctx.config.siteName,
      to: user.email,
      name: user.display_name || user.username,
      plan: planNames(sub),
      endsAt: sub.ends_at,
      link: `${ctx.config.publicUrl}/my-membership`,
    },
    isLanguage(sub.language) ? sub.language : null,
    now,
  );
  await sendMail(ctx, message);
  return true;
}

/** The expiry job, run every few minutes by one process of the site. */
export function defineExpiryJob(ctx: AppContext): void {
  ctx.jobs.define({ name: 'membership.expiry', intervalMs: EXPIRY_JOB_INTERVAL_MS, run: (log) => runExpiryJob(ctx, log) });
}
