import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipientList } from '../../../src/shared/api/newsletters.js';
import { staffGrantCourse } from '../../../src/server/modules/courses/progress-service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createCourse } from '../courses/factories.js';
import { createPhysical } from '../shop/factories.js';
import { boughtBy, memberOf, ok, reader } from './helpers.js';

let t: TestApp;
let staff: string;
let readerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await tokenFor(t, await createStaff(t));
  readerToken = await tokenFor(t, await createUser(t));
});

const lists = async () => ok<RecipientList[]>(await t.api('GET', '/ses/recipient-lists', { token: staff }));
const emailsOfList = async (id: number) =>
  (await t.db.kysely.selectFrom('newsletter_recipients').select('email').where('list_id', '=', id).orderBy('email').execute()).map((r) => r.email);
const generate = (body: Record<string, unknown>) => t.api('POST', '/ses/gen-recipient-list', { token: staff, body });

describe('staff only', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/ses/recipient-lists'],
    ['POST', '/ses/gen-recipient-list', { name: 'x', segment: 'accepted' }],
    ['POST', '/ses/upload-recipient-list', { name: 'x', csv: 'email\na@b.co\n' }],
    ['GET', '/ses/download-recipients-list?list_id=1'],
    ['POST', '/ses/add-recipient-detail', { list_id: 1, email: 'a@b.co' }],
    ['GET', '/ses/get-email-templates'],
    ['GET', '/ses/get-email-templates-details?id=1'],
    ['GET', '/ses/download-email-templates'],
    ['POST', '/ses/email-templates', { name: 'x', texts: { en: { subject: 's', body: 'b' } } }],
    ['PUT', '/ses/email-templates/1', { name: 'x', texts: { en: { subject: 's', body: 'b' } } }],
    ['GET', '/ses/campaigns'],
    ['POST', '/ses/campaigns', { name: 'x', list_id: 1, template_id: 1 }],
    ['GET', '/ses/campaigns/1'],
    ['POST', '/ses/campaigns/1/send'],
    ['GET', '/ses/suppressions'],
    ['POST', '/ses/suppressions', { email: 'a@b.co', reason: 'complained' }],
  ];

  it('answers 401 to a guest and 403 to a reader on every staff call, whatever they send', async () => {
    for (const [method, path, body] of calls) {
      const guest = await t.api(method as 'GET', path, { body });
      expect(guest.statusCode, `${method} ${path}`).toBe(401);
      const user = await t.api(method as 'GET', path, { body, token: readerToken });
      expect(user.statusCode, `${method} ${path}`).toBe(403);
      expect(user.headers['cache-control']).toContain('no-store');
    }
    expect(await t.db.kysely.selectFrom('newsletter_lists').select('id').execute()).toEqual([]);
  });

  it('lets a reader read and change only their own mail choices, and a guest none', async () => {
    expect((await t.api('GET', '/ses/mail-choices')).statusCode).toBe(401);
    expect(ok(await t.api('GET', '/ses/mail-choices', { token: readerToken }))).toEqual({ accepted: false, language: 'en', blocked: false });
  });
});

describe('lists from segments', () => {
  it('takes those who accepted mail, and nobody who refused or was never asked', async () => {
    const yes = await reader(t, true, 'zh-CN');
    const no = await reader(t, false);
    await reader(t, null);
    const list = ok<RecipientList>(await generate({ name: 'Everyone who said yes', segment: 'accepted' }), 201);
    expect(list.segment).toBe('accepted');
    const emails = await emailsOfList(list.id);
    expect(emails).toContain(yes.email);
    expect(emails).not.toContain(no.email);
    expect(emails).toHaveLength(list.recipient_count);
    const row = await t.db.kysely.selectFrom('newsletter_recipients').selectAll().where('list_id', '=', list.id).where('email', '=', yes.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ language: 'zh-CN', user_id: yes.id, name: yes.display_name });
  });

  it('takes the current members of a plan, and the expired members, apart', async () => {
    const current = await reader(t, null);
    const planId = await memberOf(t, current);
    const refused = await reader(t, false);
    await memberOf(t, refused, planId);
    const lapsed = await reader(t, null);
    await memberOf(t, lapsed, planId, true);
    const members = ok<RecipientList>(await generate({ name: 'Members', segment: 'plan', ref_id: planId }), 201);
    expect(await emailsOfList(members.id)).toEqual([current.email]);
    const expired = ok<RecipientList>(await generate({ name: 'Lapsed', segment: 'expired', ref_id: planId }), 201);
    expect(await emailsOfList(expired.id)).toEqual([lapsed.email]);
  });

  it('takes the buyers of a product (paid orders only) and the learners of a course', async () => {
    const { product } = await createPhysical(t);
    const buyer = await reader(t, null);
    const cancelled = await reader(t, null);
    await boughtBy(t, buyer, product.id);
    await boughtBy(t, cancelled, product.id, 'cancelled');
    const buyers = ok<RecipientList>(await generate({ name: 'Buyers', segment: 'product', ref_id: product.id }), 201);
    expect(await emailsOfList(buyers.id)).toEqual([buyer.email]);

    const course = await createCourse(t, staff);
    const learner = await reader(t, true);
    await staffGrantCourse(t.app.ctx, course.id, { user_id: learner.id });
    const learners = ok<RecipientList>(await generate({ name: 'Learners', segment: 'course', ref_id: course.id }), 201);
    expect(await emailsOfList(learners.id)).toEqual([learner.email]);
  });

  it('names the field of bad input and writes nothing', async () => {
    const before = (await lists()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', segment: 'plan' }, 'ref_id'],
      [{ name: 'x', segment: 'course', ref_id: 2_000_000 }, 'ref_id'],
      [{ name: 'x', segment: 'accepted', ref_id: 3 }, 'ref_id'],
      [{ name: 'x', segment: 'everyone' }, 'segment'],
      [{ name: '', segment: 'accepted' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await generate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await lists()).toHaveLength(before);
  });
});

describe('CSV upload and download', () => {
  it('imports a whole file, links known accounts, and gives the same rows back as CSV', async () => {
    const known = await createUser(t);
    const csv = `Email,Name,Language\n${known.email.toUpperCase()},"Known, Reader",en\nli@example.com,李华,zh-CN\n\nada@example.com,,\n`;
    const list = ok<RecipientList>(await t.api('POST', '/ses/upload-recipient-list', { token: staff, body: { name: 'Imported list', csv } }), 201);
    expect(list).toMatchObject({ segment: 'upload', recipient_count: 3 });
    const linked = await t.db.kysely.selectFrom('newsletter_recipients').select('user_id').where('list_id', '=', list.id).where('email', '=', known.email).executeTakeFirstOrThrow();
    expect(linked.user_id).toBe(known.id);

    const res = await t.api('GET', `/ses/download-recipients-list?list_id=${list.id}`, { token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Imported-list.csv');
    expect(res.body).toBe(`email,name,language\n${known.email},"Known, Reader",en\nli@example.com,李华,zh-CN\nada@example.com,,en\n`);
  });

  it('refuses a file with bad rows, naming each by its line, and imports none of it', async () => {
    const before = await t.db.kysely.selectFrom('newsletter_recipients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const csv = 'email,name,language\ngood@example.com,Good,en\nnot-an-address,Bad,en\nfine@example.com,Fine,fr\ngood@example.com,Again,en\n';
    const res = await t.api('POST', '/ses/upload-recipient-list', { token: staff, body: { name: 'Broken', csv } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(fields.csv).toContain('3 bad rows');
    expect(fields['line 3']).toMatch(/^email:/);
    expect(fields['line 4']).toMatch(/^language:/);
    expect(fields['line 5']).toContain('line 2');
    expect(fields['line 2']).toBeUndefined();
    const after = await t.db.kysely.selectFrom('newsletter_recipients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await lists()).some((l) => l.name === 'Broken')).toBe(false);
  });

  it('refuses a file without an email column, with unknown columns, or that is not CSV', async () => {
    for (const csv of ['name\nAda\n', 'email,phone\na@b.co,1\n', 'email\n"a@b.co\n']) {
      const res = await t.api('POST', '/ses/upload-recipient-list', { token: staff, body: { name: 'x', csv } });
      expect(res.statusCode, csv).toBe(400);
      expect(res.json().fields.csv, csv).toBeTruthy();
    }
    expect((await t.api('GET', '/ses/download-recipients-list?list_id=999999', { token: staff })).statusCode).toBe(404);
    expect(Object.keys((await t.api('GET', '/ses/download-recipients-list?list_id=abc', { token: staff })).json().fields ?? {})).toContain('list_id');
  });
});

describe('a recipient added by hand', () => {
  it('adds a recipient, then changes their name and language, never listing them twice', async () => {
    const list = ok<RecipientList>(await t.api('POST', '/ses/upload-recipient-list', { token: staff, body: { name: 'Small', csv: 'email\none@example.com\n' } }), 201);
    ok(await t.api('POST', '/ses/add-recipient-detail', { token: staff, body: { list_id: list.id, email: 'Two@Example.com', name: 'Two' } }));
    const changed = ok<{ email: string; name: string; language: string }>(
      await t.api('POST', '/ses/add-recipient-detail', { token: staff, body: { list_id: list.id, email: 'two@example.com', name: '二', language: 'zh-CN' } }),
    );
    expect(changed).toMatchObject({ email: 'two@example.com', name: '二', language: 'zh-CN' });
    expect(await emailsOfList(list.id)).toEqual(['one@example.com', 'two@example.com']);
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ list_id: 999_999, email: 'a@example.com' }, 'list_id'],
      [{ list_id: 1, email: 'nope' }, 'email'],
      [{ list_id: 1, email: 'a@example.com', language: 'fr' }, 'language'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/ses/add-recipient-detail', { token: staff, body });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
  });
});
