import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { nowIso } from '../../platform/time.js';
import { messageFor } from './campaign-service.js';
import {
  claimDelivery,
  finishCampaign,
  finishDelivery,
  hasOpenDeliveries,
  nextPending,
  releaseDelivery,
  sendingCampaigns,
  settleAbandonedClaims,
  type DeliveryRow,
  type SendingCampaign,
} from './delivery-repo.js';
import { findSuppression, suppress } from './repo.js';
import { createNewsletterTransport, type NewsletterTransport } from './transport.js';
import { unsubscribeUrl } from './unsubscribe.js';

/**
 * The send job. Each run (claimed by one process of the site: platform/jobs.ts) sends at most what the rate
 * allows in one interval, one message every `60 s / MAIL_RATE_PER_MINUTE`. Each delivery row is claimed
 * (`pending` -> `sending`, a conditional update) before its message goes, and marked after the server answers.
 *
 * After a crash: a row left `sending` may or may not have reached the SMTP server (the process may have died
 * after the server took the message and before the row was marked). It is never sent again blindly: once its
 * claim is older than twice the SMTP timeout (no live process can still be sending it) it becomes `uncertain`,
 * reported apart. Every other row is sent exactly once, whichever process resumes. A few people may miss one
 * newsletter; nobody gets it twice.
 */
export const SEND_JOB_INTERVAL_MS = 5000;
/** Tries of a message the server refused for now (4xx) or never took (no connection). */
const MAX_ATTEMPTS = 3;

export interface BatchOptions {
  /** Messages at most in this run. */
  limit: number;
  /** Wait after each message (the throttle). */
  gapMs: number;
  log?: FastifyBaseLogger;
  holder?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one claimed delivery; false when the server is in trouble (stop this run). */
async function deliver(ctx: AppContext, transport: NewsletterTransport, campaign: SendingCampaign, row: DeliveryRow, log?: FastifyBaseLogger): Promise<boolean> {
  const db = ctx.db.kysely;
  // The suppression list is read at the moment of sending: an unsubscribe between queueing and now is honoured.
  const suppressed = await findSuppression(db, row.email);
  if (suppressed) {
    await finishDelivery(db, row.id, suppressed.reason === 'bounced' ? 'bounced' : 'unsubscribed', { error: `Suppressed: ${suppressed.reason}` });
    return true;
  }
  let message;
  try {
    message = await messageFor(ctx, campaign, row);
  } catch (err) {
    log?.warn({ err, delivery: row.id }, 'newsletter message could not be made');
    await finishDelivery(db, row.id, 'failed', { error: err instanceof Error ? err.message : 'The message could not be made.' });
    return true;
  }
  const host = new URL(ctx.config.publicUrl).hostname;
  const outcome = await transport.send({ to: row.email, ...message, unsubscribeUrl: unsubscribeUrl(ctx, row.id), messageId: `<newsletter-${row.id}@${host}>` });
  if (outcome.ok) {
    await finishDelivery(db, row.id, 'sent', { sent_at: nowIso() });
    return true;
  }
  if (outcome.kind === 'bounced') {
    await suppress(db, row.email, 'bounced', nowIso());
    await finishDelivery(db, row.id, 'bounced', { error: outcome.error });
    return true;
  }
  if (outcome.kind === 'failed' || row.attempts + 1 >= MAX_ATTEMPTS) {
    await finishDelivery(db, row.id, 'failed', { error: outcome.error });
    return true;
  }
  await releaseDelivery(db, row.id, outcome.error);
  log?.warn({ delivery: row.id, error: outcome.error }, 'newsletter server did not take the message; trying later');
  return false;
}

/** One run: settles abandoned claims, then sends up to `limit` messages across the campaigns being sent. */
export async function sendBatch(ctx: AppContext, transport: NewsletterTransport, options: BatchOptions): Promise<number> {
  const db = ctx.db.kysely;
  const holder = options.holder ?? `${hostname()}:${process.pid}`;
  const abandonedBefore = new Date(Date.now() - 2 * ctx.config.mailSendTimeoutSeconds * 1000).toISOString();
  const settled = await settleAbandonedClaims(db, abandonedBefore);
  if (settled) options.log?.warn({ settled }, 'newsletter deliveries left sending by a stopped process are marked uncertain');
  let sent = 0;
  for (const campaign of await sendingCampaigns(db)) {
    while (sent < options.limit) {
      const row = await nextPending(db, campaign.id);
      if (!row) {
        if (!(await hasOpenDeliveries(db, campaign.id))) await finishCampaign(db, campaign.id, nowIso());
        break;
      }
      if (!(await claimDelivery(db, row.id, holder, nowIso()))) continue;
      const healthy = await deliver(ctx, transport, campaign, row, options.log);
      sent += 1;
      if (!healthy) return sent;
      if (options.gapMs > 0) await sleep(options.gapMs);
    }
  }
  return sent;
}

export function defineSendJob(ctx: AppContext): void {
  const transport = createNewsletterTransport(ctx.config);
  ctx.jobs.define({
    name: 'newsletters.send',
    intervalMs: SEND_JOB_INTERVAL_MS,
    run: (log) => {
      const gapMs = 60_000 / ctx.config.mailRatePerMinute;
      // What fits in one interval, so a run ends before the next one is due on another process.
      const limit = Math.max(1, Math.floor(SEND_JOB_INTERVAL_MS / gapMs));
      return sendBatch(ctx, transport, { limit, gapMs, log });
    },
  });
}
