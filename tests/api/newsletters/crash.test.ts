import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Campaign, RecipientList, Template } from '../../../src/shared/api/newsletters.js';
import { createTestApp, siteEnvironment, type TestApp } from '../helpers/app.js';
import { createStaff, tokenFor } from '../helpers/factories.js';
import { ok } from './helpers.js';
import { startSmtp, type TestSmtp } from './smtp.js';

/*
 * A site process is killed mid-send (SIGKILL, after the SMTP server took a message and before it answered), then
 * another is started: the campaign finishes, and what the SMTP server received holds nobody twice. The message the
 * dead process was sending is reported uncertain, never sent again.
 */
let t: TestApp;
let smtp: TestSmtp;
let staff: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url }, { jobs: false });
  staff = await tokenFor(t, await createStaff(t));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await smtp.close();
});

function startSite(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/newsletters/crash-server.ts'], {
    env: {
      ...siteEnvironment(t.config),
      SMTP_URL: smtp.url,
      MAIL_RATE_PER_MINUTE: '600',
      MAIL_SEND_TIMEOUT_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`site process exited with ${code} before it was ready`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

it('resumes a campaign after the sending process is killed, and nobody receives it twice', { timeout: 240_000 }, async () => {
  const csv = `email,name\n${Array.from({ length: 30 }, (_, i) => `reader${i}@example.com,Reader ${i}`).join('\n')}\n`;
  const list = ok<RecipientList>(await t.api('POST', '/ses/upload-recipient-list', { token: staff, body: { name: 'Crash', csv } }), 201);
  const tpl = ok<Template>(await t.api('POST', '/ses/email-templates', { token: staff, body: { name: 'T', texts: { en: { subject: 'Hello {{name}}', body: 'Hi.' } } } }), 201);
  const draft = ok<Campaign>(await t.api('POST', '/ses/campaigns', { token: staff, body: { name: 'Crash', list_id: list.id, template_id: tpl.id } }), 201);
  ok(await t.api('POST', `/ses/campaigns/${draft.id}/send`, { token: staff }));

  const first = await startSite();
  let killedAt = '';
  smtp.onMessage = async (message) => {
    if (smtp.received.length !== 8) return;
    // The server has the whole message; the sender dies before hearing 250.
    killedAt = message.to[0];
    first.kill('SIGKILL');
    await exited(first);
    throw new Error('sender gone');
  };
  await exited(first);
  smtp.onMessage = undefined;
  expect(killedAt).not.toBe('');
  const midway = ok<Campaign>(await t.api('GET', `/ses/campaigns/${draft.id}`, { token: staff }));
  expect(midway.status).toBe('sending');
  expect(midway.report.sent).toBeLessThan(30);

  const second = await startSite();
  let campaign = midway;
  for (let i = 0; i < 100 && campaign.status !== 'done'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    campaign = ok<Campaign>(await t.api('GET', `/ses/campaigns/${draft.id}`, { token: staff }));
  }
  second.kill('SIGTERM');
  await exited(second);

  expect(campaign.status).toBe('done');
  const counts = new Map<string, number>();
  for (const m of smtp.received) for (const address of m.to) counts.set(address, (counts.get(address) ?? 0) + 1);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(counts.size).toBe(30);
  expect(campaign.report).toMatchObject({ total: 30, pending: 0, sent: 29, uncertain: 1, failed: 0 });
  const uncertain = await t.db.kysely.selectFrom('newsletter_deliveries').select('email').where('campaign_id', '=', draft.id).where('status', '=', 'uncertain').execute();
  expect(uncertain.map((r) => r.email)).toEqual([killedAt]);
});
