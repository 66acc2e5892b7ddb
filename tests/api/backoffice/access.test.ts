import { beforeAll, describe, expect, it } from 'vitest';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { crew, refusedField, type Crew } from './helpers.js';

let t: TestApp;
let people: Crew;

beforeAll(async () => {
  t = await createTestApp();
  people = await crew(t);
});

const at = (path: string, id = 1) => path.replace(':id', String(id));

/** Every call of the back office, with a body that would be valid. */
const calls: [string, string, unknown?][] = [
  ['GET', backofficePaths.dashboard],
  ['GET', backofficePaths.paymentsToReturn],
  ['GET', backofficePaths.users],
  ['GET', at(backofficePaths.user)],
  ['GET', at(backofficePaths.userCourses)],
  ['POST', at(backofficePaths.userBlock), { reason: 'spam' }],
  ['POST', at(backofficePaths.userUnblock)],
  ['POST', at(backofficePaths.userRole), { role: 'staff' }],
  ['POST', at(backofficePaths.commentHide)],
  ['GET', backofficePaths.submissions],
  ['PATCH', at(backofficePaths.submission), { status: 'accepted' }],
  ['GET', at(backofficePaths.submissionFile)],
  ['POST', at(backofficePaths.productRemove)],
  ['GET', backofficePaths.audit],
];

describe('who may call the back office', () => {
  it('answers 401 to a guest and 403 to a reader on every call, whatever they send', async () => {
    for (const [method, path, body] of calls) {
      const guest = await t.api(method as 'GET', path, { body });
      expect(guest.statusCode, `${method} ${path}`).toBe(401);
      const reader = await t.api(method as 'GET', path, { token: people.reader.token, body: body === undefined ? undefined : { nonsense: true } });
      expect(reader.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('keeps the audit log and role changes for superusers: staff get 403', async () => {
    expect((await t.api('GET', backofficePaths.audit, { token: people.staff.token })).statusCode).toBe(403);
    const role = await t.api('POST', at(backofficePaths.userRole, people.reader.user.id), { token: people.staff.token, body: { role: 'staff' } });
    expect(role.statusCode).toBe(403);
    expect((await t.db.kysely.selectFrom('users').select('role').where('id', '=', people.reader.user.id).executeTakeFirstOrThrow()).role).toBe('user');
    expect((await t.api('GET', backofficePaths.audit, { token: people.superuser.token })).statusCode).toBe(200);
  });

  it('answers staff privately', async () => {
    const res = await t.api('GET', backofficePaths.dashboard, { token: people.staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('names the field of bad input', async () => {
    const id = people.reader.user.id;
    refusedField(await t.api('POST', at(backofficePaths.userBlock, id), { token: people.staff.token, body: { reason: '  ' } }), 400, 'reason');
    refusedField(await t.api('POST', at(backofficePaths.userRole, id), { token: people.superuser.token, body: { role: 'superuser' } }), 400, 'role');
    refusedField(await t.api('GET', backofficePaths.users, { token: people.staff.token, query: { role: 'king' } }), 400, 'role');
    refusedField(await t.api('GET', backofficePaths.users, { token: people.staff.token, query: { page_size: '1000' } }), 400, 'page_size');
    refusedField(await t.api('PATCH', at(backofficePaths.submission, 1), { token: people.staff.token, body: { status: 'lost' } }), 400, 'status');
    refusedField(await t.api('GET', backofficePaths.audit, { token: people.superuser.token, query: { actor: 'me' } }), 400, 'actor');
  });
});
