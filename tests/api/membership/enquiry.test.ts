import { beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_LIMIT_HOUR } from '../../../src/shared/api/membership.js';
import { solvedCaptcha } from '../captcha/solve.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipPlan, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp, outbox } from '../messaging/outbox.js';

let t: TestApp;
let staffToken: string;
let staffEmails: string[];
beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaff(t);
  const superuser = await createStaff(t, { role: 'superuser' });
  staffToken = await tokenFor(t, staff);
  staffEmails = [staff.email, superuser.email];
});

let seq = 0;
const body = async (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return { name: `Asker ${seq}`, email: `asker-${process.pid}-${seq}@example.com`, message: 'Do you offer a student price?', altcha: await solvedCaptcha(t), ...overrides };
};
const enquire = async (ip: string, overrides: Record<string, unknown> = {}, token?: string) => apiFrom(t, ip, 'POST', '/membership/enquiry', { body: await body(overrides), token });

describe('POST membership/enquiry', () => {
  it('stores the enquiry and mails it to every staff account', async () => {
    const plan = await createMembershipPlan(t, { name: 'Patron plan' });
    const user = await createUser(t);
    const res = await enquire(freshIp(), { plan: plan.slug, message: 'Can my team of five share one?' }, await tokenFor(t, user));
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({ plan: plan.slug, user_id: user.id, message: 'Can my team of five share one?' });
    expect(res.headers['cache-control']).toBe('private, no-store');

    for (const to of staffEmails) {
      const mail = outbox(t).find((e) => e.to === to && e.subject.includes(saved.name));
      expect(mail, to).toBeDefined();
      expect(mail!.subject).toContain('Patron plan');
      expect(mail!.text).toContain('Can my team of five share one?');
      expect(mail!.text).toContain(saved.email);
    }
    expect(outbox(t).some((e) => e.to === user.email)).toBe(false);

    const list = await t.api('GET', '/membership/enquiry', { token: staffToken });
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toEqual(saved);
  });

  it('takes a plan by id, or none; a guest is no user', async () => {
    const plan = await createMembershipPlan(t);
    const byId = await enquire(freshIp(), { plan: String(plan.id) });
    expect(byId.json()).toMatchObject({ plan: plan.slug, user_id: null });
    const none = await enquire(freshIp(), { plan: undefined });
    expect(none.json()).toMatchObject({ plan: null });
  });

  it('rejects bad input, naming the field, and stores nothing', async () => {
    const before = (await t.api('GET', '/membership/enquiry', { token: staffToken })).json().count;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ message: '' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ plan: 'no-such-plan' }, 'plan'],
      [{ altcha: undefined }, 'altcha'],
      [{ altcha: 'bm90IGEgc29sdXRpb24=' }, 'altcha'],
    ];
    for (const [overrides, field] of cases) {
      const res = await enquire(freshIp(), overrides);
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect((await t.api('GET', '/membership/enquiry', { token: staffToken })).json().count).toBe(before);
  });

  it('is throttled per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < ENQUIRY_LIMIT_HOUR; i += 1) expect((await enquire(ip)).statusCode).toBe(201);
    const refused = await enquire(ip);
    expect(refused.statusCode).toBe(429);
    expect((await enquire(freshIp())).statusCode).toBe(201);
  });
});

describe('GET membership/enquiry', () => {
  it('is for staff only', async () => {
    expect((await t.api('GET', '/membership/enquiry')).statusCode).toBe(401);
    expect((await t.api('GET', '/membership/enquiry', { token: await tokenFor(t, await createUser(t)) })).statusCode).toBe(403);
  });

  it('lists newest first, a page at a time', async () => {
    const first = (await enquire(freshIp())).json();
    const second = (await enquire(freshIp())).json();
    const page = (await t.api('GET', '/membership/enquiry', { token: staffToken, query: { page_size: '2' } })).json();
    expect(page.results.map((e: { id: number }) => e.id)).toEqual([second.id, first.id]);
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.next).toContain('page=2');
  });
});
