import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/**
 * Outgoing mail through nodemailer. With an SMTP URL the message goes to that server; without one
 * (embedded mode) it is written to the outbox folder as `<id>.eml` (the raw message) beside
 * `<id>.json` (what the demo mailbox page lists). SMS in development lands in the same outbox.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry {
  id: string;
  kind: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

const OUTBOX_KEEP = 500;
const ID_PATTERN = /^\d{13}-[0-9a-f]{8}$/;

const linksIn = (text: string): string[] => [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];

/** Writes an entry (and the raw message when there is one); keeps only the newest entries. */
export function writeOutboxEntry(dir: string, entry: Omit<OutboxEntry, 'id' | 'created_at' | 'links'>, raw?: Buffer): OutboxEntry {
  mkdirSync(dir, { recursive: true });
  const now = new Date();
  const id = `${now.getTime()}-${randomBytes(4).toString('hex')}`;
  const full: OutboxEntry = { id, ...entry, links: linksIn(entry.text), created_at: now.toISOString() };
  if (raw) writeFileSync(path.join(dir, `${id}.eml`), raw);
  writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(full, null, 2));
  const ids = outboxIds(dir);
  for (const old of ids.slice(OUTBOX_KEEP)) {
    rmSync(path.join(dir, `${old}.json`), { force: true });
    rmSync(path.join(dir, `${old}.eml`), { force: true });
  }
  return full;
}

/** Newest first; ids start with the time in ms, so their order is the sending order. */
function outboxIds(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => ID_PATTERN.test(id))
    .sort()
    .reverse();
}

export function listOutbox(dir: string): OutboxEntry[] {
  return outboxIds(dir).map((id) => JSON.parse(readFileSync(path.join(dir, `${id}.json`), 'utf8')) as OutboxEntry);
}

export function readOutboxEntry(dir: string, id: string): OutboxEntry | undefined {
  if (!ID_PATTERN.test(id)) return undefined;
  const file = path.join(dir, `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OutboxEntry) : undefined;
}

export interface MailerOptions {
  /** nodemailer connection URL (smtp:// or smtps://); empty writes to `outboxDir`. */
  smtpUrl: string;
  from: string;
  outboxDir: string;
}

/** The mail library is loaded with the first message, not at start: most processes send none. */
const nodemailer = async () => (await import('nodemailer')).default;

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    let transport: Promise<Transporter> | undefined;
    return {
      async send(message) {
        transport ??= nodemailer().then((n) => n.createTransport(options.smtpUrl));
        await (await transport).sendMail({ from: options.from, ...message });
      },
    };
  }
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= nodemailer().then((n) => n.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
      const info = await (await transport).sendMail({ from: options.from, ...message });
      writeOutboxEntry(options.outboxDir, { kind: 'email', to: message.to, subject: message.subject, text: message.text }, info.message as Buffer);
    },
  };
}
