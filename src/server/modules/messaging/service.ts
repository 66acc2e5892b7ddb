import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { pino, type Logger } from 'pino';
import {
  CODE_DAILY_LIMIT,
  CODE_LENGTH,
  CODE_LIFETIME_SECONDS,
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
} from '../../../shared/api/messaging.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, Invalid } from '../../platform/errors.js';
import { createMailer, listOutbox, readOutboxEntry, type Mailer, type MailMessage, type OutboxEntry } from '../../platform/mail.js';
import { createSmsProvider, type SmsProvider } from '../../platform/sms.js';
import { clearEvents, takeQuotas, type Rate } from '../../platform/throttle.js';
import { requireCaptcha } from '../captcha/service.js';
import { countTry, deleteCode, deleteCodesFor, insertCode, latestCode, markConsumed, type CodeKey } from './repo.js';
import { messagingSettings } from './settings.js';
import { codeMail, codeSms } from './templates.js';

export type { CodeKey };

/** 503: the mail server or SMS gateway did not take the message. */
export class DeliveryFailed extends AppError {
  constructor() {
    super(503, 'delivery_failed', 'The message could not be sent. Try again later.');
  }
}

interface Messaging {
  mailer: Mailer;
  sms: SmsProvider;
  log: Logger;
  outboxDir: string;
}

const instances = new WeakMap<AppContext, Messaging>();

function messaging(ctx: AppContext): Messaging {
  let m = instances.get(ctx);
  if (!m) {
    const s = messagingSettings(ctx.config);
    const log = pino({ level: ctx.config.logLevel, name: 'messaging' });
    m = {
      mailer: createMailer({ smtpUrl: s.smtpUrl, from: s.mailFrom, outboxDir: s.outboxDir }),
      sms: createSmsProvider({
        provider: s.smsProvider,
        httpUrl: s.smsHttpUrl,
        httpTemplate: s.smsHttpTemplate,
        httpContentType: s.smsHttpContentType,
        httpAuthorization: s.smsHttpAuthorization,
        outboxDir: s.outboxDir,
        log,
      }),
      log,
      outboxDir: s.outboxDir,
    };
    instances.set(ctx, m);
  }
  return m;
}

/** Sends a mail; a failure is logged and reported as 503. */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<void> {
  const m = messaging(ctx);
  try {
    await m.mailer.send(message);
  } catch (err) {
    m.log.error({ err, subject: message.subject }, 'mail not sent');
    throw new DeliveryFailed();
  }
}

/** The demo mailbox: what the outbox folder holds (e-mails written without SMTP, SMS of the log provider). */
export function outboxEntries(ctx: AppContext): OutboxEntry[] {
  return listOutbox(messaging(ctx).outboxDir);
}

export function outboxEntry(ctx: AppContext, id: string): OutboxEntry | undefined {
  return readOutboxEntry(messaging(ctx).outboxDir, id);
}

const SEND_RATES: Rate[] = [
  { limit: 1, windowSeconds: CODE_RESEND_SECONDS },
  { limit: CODE_DAILY_LIMIT, windowSeconds: 24 * 3600 },
];

const codeHash = (ctx: AppContext, key: CodeKey, code: string) =>
  createHmac('sha256', ctx.config.secretKey).update(`${key.channel}|${key.destination}|${key.action}|${code}`).digest('hex');

export interface SendCodeResult {
  detail: string;
  expires_in: number;
  resend_in: number;
}

/**
 * Sends a new code (the newest code of a destination and action is the one that counts). Needs a
 * solved captcha; at most one send a minute and ten a day to a destination, and the same from an IP.
 */
export async function sendCode(ctx: AppContext, key: CodeKey, request: { altcha?: string; ip: string }): Promise<SendCodeResult> {
  await requireCaptcha(ctx, request.altcha);
  await takeQuotas(
    ctx.db.kysely,
    [
      { scope: `code-send:${key.channel}:to`, subject: key.destination, rates: SEND_RATES },
      { scope: `code-send:${key.channel}:ip`, subject: request.ip, rates: SEND_RATES },
    ],
    'Verification codes',
  );
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_SECONDS * 1000).toISOString();
  const id = await insertCode(ctx.db.kysely, key, codeHash(ctx, key, code), expiresAt, now.toISOString());
  const m = messaging(ctx);
  const minutes = CODE_LIFETIME_SECONDS / 60;
  try {
    if (key.channel === 'email') await m.mailer.send(codeMail(ctx.config.siteName, key.destination, code, key.action, minutes));
    else await m.sms.send({ mobile: key.destination, code, text: codeSms(ctx.config.siteName, code, key.action, minutes) });
  } catch (err) {
    m.log.error({ err, channel: key.channel, action: key.action }, 'code not sent');
    await deleteCode(ctx.db.kysely, id);
    throw new DeliveryFailed();
  }
  return { detail: 'Code sent.', expires_in: CODE_LIFETIME_SECONDS, resend_in: CODE_RESEND_SECONDS };
}

/**
 * Checks a code against the newest one sent for the key. Every comparison counts as a try, taken
 * before comparing so parallel guesses cannot exceed the limit; after five the code is dead.
 */
async function tryCode(ctx: AppContext, key: CodeKey, code: string, consume: boolean): Promise<void> {
  const db = ctx.db.kysely;
  const row = await latestCode(db, key);
  if (!row) throw Invalid.field('code', 'No code was sent for this. Ask for a code first.');
  if (row.consumed_at) throw Invalid.field('code', 'This code was already used. Ask for a new one.');
  if (Date.parse(row.expires_at) <= Date.now()) throw Invalid.field('code', 'This code has expired. Ask for a new one.');
  if (!(await countTry(db, row.id, CODE_MAX_TRIES))) throw Invalid.field('code', 'Too many wrong tries. Ask for a new code.');
  const given = Buffer.from(codeHash(ctx, key, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) throw Invalid.field('code', 'The code is wrong.');
  if (consume && !(await markConsumed(db, row.id, new Date().toISOString()))) {
    throw Invalid.field('code', 'This code was already used. Ask for a new one.');
  }
}

/** `check_code`: is the code right? It stays usable (a later login or bind consumes it). */
export function checkCode(ctx: AppContext, key: CodeKey, code: string): Promise<void> {
  return tryCode(ctx, key, code, false);
}

/** Proves control of the destination once: the code cannot be used again. */
export function consumeCode(ctx: AppContext, key: CodeKey, code: string): Promise<void> {
  return tryCode(ctx, key, code, true);
}

/** Drops the codes and send counters of destinations (an account being deleted). */
export async function forgetDestinations(ctx: AppContext, destinations: { channel: 'sms' | 'email'; destination: string }[]): Promise<void> {
  await deleteCodesFor(ctx.db.kysely, destinations.map((d) => d.destination));
  for (const d of destinations) await clearEvents(ctx.db.kysely, `code-send:${d.channel}:to`, d.destination);
}
