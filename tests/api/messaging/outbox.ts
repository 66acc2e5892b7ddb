import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { listOutbox, type OutboxEntry } from '../../../src/server/platform/mail.js';
import type { ThrottleEventsTable } from '../../../src/server/platform/throttle.js';
import type { TestApp } from '../helpers/app.js';
import { solvedCaptcha } from '../captcha/solve.js';

let ipSeq = 0;
/** A new client address: IP limits (codes, failed logins) then apply to this test alone. */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/** Like `t.api`, from a given client IP. */
export function apiFrom(
  t: TestApp,
  ip: string,
  method: InjectOptions['method'],
  apiPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return t.app.inject({
    method,
    url: `/api/v2${apiPath}`,
    headers,
    remoteAddress: ip,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export function outbox(t: TestApp): OutboxEntry[] {
  return listOutbox(path.join(t.config.dataDir, 'mail'));
}

/** The newest message to `to` (e-mail address or mobile number). */
export function lastMessageTo(t: TestApp, to: string): OutboxEntry {
  const entry = outbox(t).find((e) => e.to === to);
  if (!entry) throw new Error(`no message to ${to}`);
  return entry;
}

export const codeIn = (entry: OutboxEntry): string => {
  const match = /\b(\d{6})\b/.exec(entry.text);
  if (!match) throw new Error(`no code in: ${entry.text}`);
  return match[1];
};

/** Sends a code through the API (with a solved captcha, from a fresh IP) and reads it from the outbox. */
export async function sendCode(t: TestApp, channel: 'sms' | 'email', destination: string, action: string): Promise<string> {
  const body = channel === 'sms' ? { mobile: destination, action } : { email: destination, action };
  const res = await apiFrom(t, freshIp(), 'POST', channel === 'sms' ? '/sms/send' : '/ses/send', {
    body: { ...body, altcha: await solvedCaptcha(t) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return codeIn(lastMessageTo(t, destination));
}

let mobileSeq = 0;
/** A mobile number no other test of the run uses. */
export function freshMobile(): string {
  mobileSeq += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

/** Moves the send counters of a destination a minute back, as if the user had waited before asking again. */
export async function letMinutePass(t: TestApp, destination: string): Promise<void> {
  await t.db.kysely
    .withTables<{ throttle_events: ThrottleEventsTable }>()
    .updateTable('throttle_events')
    .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
    .where('subject', '=', destination)
    .execute();
}
