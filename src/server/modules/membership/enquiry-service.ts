import { ENQUIRY_LIMIT_DAY, ENQUIRY_LIMIT_HOUR, type Enquiry, type EnquiryBody } from '../../../shared/api/membership.js';
import type { PageQuery } from '../../../shared/api/common.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, Invalid } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import type { MailMessage } from '../../platform/mail.js';
import { takeQuotas } from '../../platform/throttle.js';
import { requireCaptcha } from '../captcha/service.js';
import { DeliveryFailed, sendMail } from '../messaging/service.js';
import { countEnquiries, findEnquiry, insertEnquiry, listEnquiries as selectEnquiries, staffAddresses } from './enquiry-repo.js';
import { findPlan, findPlanBySlug } from './repo.js';

/**
 * Member enquiries (the /member/enquiry page): anyone may ask, with a solved captcha and a few times per
 * address; the enquiry is stored for staff and mailed to every staff account.
 */

async function planOf(ctx: AppContext, idOrSlug: string | null | undefined) {
  if (!idOrSlug) return null;
  const db = ctx.db.kysely;
  const plan = /^\d+$/.test(idOrSlug) ? await findPlan(db, Number(idOrSlug)) : await findPlanBySlug(db, idOrSlug);
  if (!plan) throw Invalid.field('plan', 'No such membership plan.');
  return plan;
}

function staffMail(site: string, to: string, e: Enquiry, planName: string | null): MailMessage {
  const about = planName ? ` (${planName})` : '';
  return {
    to,
    subject: `${site}: membership enquiry from ${e.name}${about} / 会员咨询`,
    text: [
      `${e.name} <${e.email}> asked about membership${about}:`,
      `${e.name} <${e.email}> 咨询会员${about}：`,
      '',
      e.message,
      '',
      `Reply to / 回复：${e.email}`,
    ].join('\n'),
  };
}

export async function submitEnquiry(ctx: AppContext, actor: Actor | null, body: EnquiryBody, ip: string): Promise<Enquiry> {
  await requireCaptcha(ctx, body.altcha);
  const plan = await planOf(ctx, body.plan);
  await takeQuotas(
    ctx.db.kysely,
    [{ scope: 'membership-enquiry:ip', subject: ip, rates: [{ limit: ENQUIRY_LIMIT_HOUR, windowSeconds: 3600 }, { limit: ENQUIRY_LIMIT_DAY, windowSeconds: 86_400 }] }],
    'Membership enquiries',
  );
  const id = await insertEnquiry(ctx.db.kysely, {
    name: body.name,
    email: body.email,
    message: body.message,
    membership_id: plan?.id ?? null,
    user_id: actor?.id ?? null,
    ip_address: ip,
    created_at: new Date().toISOString(),
  });
  const saved = (await findEnquiry(ctx.db.kysely, id))!;
  for (const to of await staffAddresses(ctx.db.kysely)) {
    try {
      await sendMail(ctx, staffMail(ctx.config.siteName, to, saved, plan?.name ?? null));
    } catch (err) {
      // The enquiry is stored and listed for staff; a mail server that is down (already logged) must not lose it.
      if (!(err instanceof DeliveryFailed)) throw err;
    }
  }
  return saved;
}

export async function listEnquiries(ctx: AppContext, actor: Actor, page: PageQuery): Promise<{ count: number; results: Enquiry[] }> {
  if (!isStaff(actor)) throw new Forbidden();
  const db = ctx.db.kysely;
  const [count, results] = await Promise.all([countEnquiries(db), selectEnquiries(db, page.page_size, offsetOf(page))]);
  return { count, results };
}
