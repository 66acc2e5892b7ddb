import type { Campaign, CampaignCreate, CampaignReport, MailLanguage } from '../../../shared/api/newsletters.js';
import { paths } from '../../../web/app/paths.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { entitlementOfActor } from '../content/access.js';
import { getArticle } from '../content/articles/service.js';
import { getUser } from '../users/service.js';
import {
  countsByStatus,
  finishCampaign,
  findCampaign,
  hasOpenDeliveries,
  insertCampaign,
  listCampaignRows,
  queueDeliveries,
  startCampaign,
  type CampaignRow,
  type DeliveryRow,
  type SendingCampaign,
} from './delivery-repo.js';
import { renderArticle, renderTemplate, type RenderedMessage } from './render.js';
import { findTemplate, listExists } from './repo.js';
import { parseTexts } from './templates-service.js';
import { unsubscribeUrl } from './unsubscribe.js';

/** Campaigns: a list and a template (or an article), started once, then sent by the send job; progress and report. */

const EMPTY: CampaignReport = { total: 0, pending: 0, sent: 0, failed: 0, bounced: 0, unsubscribed: 0, uncertain: 0 };

function reports(counts: Awaited<ReturnType<typeof countsByStatus>>): Map<number, CampaignReport> {
  const byCampaign = new Map<number, CampaignReport>();
  for (const { campaign_id, status, n, left_after } of counts) {
    const r = byCampaign.get(campaign_id) ?? { ...EMPTY };
    r.total += n;
    if (status === 'pending' || status === 'sending') r.pending += n;
    else if (status === 'unsubscribed') r.unsubscribed += n;
    else r[status as 'sent' | 'failed' | 'bounced' | 'uncertain'] += n;
    // Those who used this campaign's link after it reached them.
    if (status !== 'unsubscribed') r.unsubscribed += left_after;
    byCampaign.set(campaign_id, r);
  }
  return byCampaign;
}

function toCampaign(row: CampaignRow, report: CampaignReport = EMPTY): Campaign {
  const progress = report.total === 0 ? (row.status === 'done' ? 1 : 0) : (report.total - report.pending) / report.total;
  return {
    id: row.id,
    name: row.name,
    list_id: row.list_id,
    list_name: row.list_name,
    template_id: row.template_id,
    article_id: row.article_id,
    status: row.status,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    report,
    progress,
  };
}

export async function campaignsList(ctx: AppContext): Promise<Campaign[]> {
  const rows = await listCampaignRows(ctx.db.kysely);
  const byId = reports(await countsByStatus(ctx.db.kysely, rows.map((r) => r.id)));
  return rows.map((row) => toCampaign(row, byId.get(row.id)));
}

export async function getCampaign(ctx: AppContext, id: number): Promise<Campaign> {
  const row = await findCampaign(ctx.db.kysely, id);
  if (!row) throw new NotFound('Campaign');
  return toCampaign(row, reports(await countsByStatus(ctx.db.kysely, [id])).get(id));
}

export async function createCampaign(ctx: AppContext, actor: Actor, input: CampaignCreate): Promise<Campaign> {
  const db = ctx.db.kysely;
  if ((input.template_id === undefined) === (input.article_id === undefined)) throw Invalid.field('template_id', 'Give either a template_id or an article_id.');
  if (!(await listExists(db, input.list_id))) throw Invalid.field('list_id', 'No recipient list has this id.');
  let texts = '{}';
  if (input.template_id !== undefined) {
    const template = await findTemplate(db, input.template_id);
    if (!template) throw Invalid.field('template_id', 'No template has this id.');
    texts = template.texts;
  } else {
    // Only a published article can be sent (its page must open for the link in the message).
    try {
      await getArticle(ctx, await entitlementOfActor(ctx, null), input.article_id!);
    } catch (err) {
      if (err instanceof NotFound) throw Invalid.field('article_id', 'No published article has this id.');
      throw err;
    }
  }
  const id = await insertCampaign(db, { name: input.name, list_id: input.list_id, template_id: input.template_id ?? null, article_id: input.article_id ?? null, texts, created_by: actor.id, now: nowIso() });
  return getCampaign(ctx, id);
}

/** Queues one delivery per recipient and hands the campaign to the send job; a second start is a 409. */
export async function sendCampaign(ctx: AppContext, id: number): Promise<Campaign> {
  const row = await findCampaign(ctx.db.kysely, id);
  if (!row) throw new NotFound('Campaign');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await startCampaign(trx, id, now))) throw new Conflict('This campaign has been started already.', { status: 'This campaign has been started already.' });
    await queueDeliveries(trx, id, row.list_id);
    if (!(await hasOpenDeliveries(trx, id))) await finishCampaign(trx, id, now);
  });
  return getCampaign(ctx, id);
}

const mailLanguage = (value: string): MailLanguage => (value === 'zh-CN' ? 'zh-CN' : 'en');

/** Site paths in an article's HTML become absolute: a mail reader has no site to resolve them against. */
const absolute = (ctx: AppContext, html: string) => html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${ctx.config.publicUrl}/`);

/**
 * The message of one delivery. An article's text goes only to a recipient the content module says may read it
 * (their account's entitlement; an address without an account is a guest), everyone else gets its summary.
 */
export async function messageFor(ctx: AppContext, campaign: SendingCampaign, delivery: DeliveryRow): Promise<RenderedMessage> {
  const language = mailLanguage(delivery.language);
  const values = { name: delivery.name || delivery.email.split('@')[0], email: delivery.email, site_name: ctx.config.siteName, unsubscribe_url: unsubscribeUrl(ctx, delivery.id) };
  if (campaign.article_id === null) return renderTemplate(parseTexts(campaign.texts), language, values);
  const user = delivery.user_id === null ? undefined : await getUser(ctx, delivery.user_id);
  const actor = user && user.is_active ? { id: user.id, role: user.role, username: user.username, email: user.email, display_name: user.display_name, avatar: user.avatar } : null;
  const article = await getArticle(ctx, await entitlementOfActor(ctx, actor), campaign.article_id, language);
  const html = article.locked || article.content_html === null ? null : absolute(ctx, article.content_html);
  return renderArticle({ title: article.title, summary: article.summary, content_html: html, url: `${ctx.config.publicUrl}${paths.article(article.id)}` }, language, values);
}

export const isMissing = (err: unknown) => err instanceof AppError && err.status === 404;
