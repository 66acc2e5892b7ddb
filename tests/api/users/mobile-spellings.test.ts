import { beforeAll, describe, expect, it } from 'vitest';
import { spellingsOfMobile } from '../../../src/server/modules/users/mobile.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import { freshMobile, letMinutePass, sendCode } from '../messaging/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('one mobile number, one account, however it is spelled', () => {
  it('knows the spellings of a mainland number, and that another country’s number is only itself', () => {
    expect(spellingsOfMobile('13800138000')).toEqual(['13800138000', '+8613800138000', '8613800138000', '008613800138000']);
    expect(spellingsOfMobile('+8613800138000')).toEqual(['+8613800138000', '13800138000', '8613800138000', '008613800138000']);
    expect(spellingsOfMobile('008613800138000')).toContain('13800138000');
    expect(spellingsOfMobile('+13800138000')).toEqual(['+13800138000']);
    expect(spellingsOfMobile('+447700900123')).toEqual(['+447700900123']);
    expect(spellingsOfMobile('12800138000')).toEqual(['12800138000']);
  });

  it('refuses a second sign-up by SMS with the other spelling, and logs the first account in with either', async () => {
    const national = freshMobile();
    const first = await t.api('POST', '/user-auth/sms/signup/', { body: { mobile: `+86${national}`, code: await sendCode(t, 'sms', `+86${national}`, 'signup') } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.api('POST', '/user-auth/sms/signup/', { body: { mobile: national, code: await sendCode(t, 'sms', national, 'signup') } });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toHaveProperty('mobile');
    await letMinutePass(t, national);
    const login = await t.api('POST', '/user-auth/sms/login/', { body: { mobile: national, code: await sendCode(t, 'sms', national, 'login') } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.pk).toBe(first.json().user.pk);
  });

  it('tells a reader binding a number that another account holds it in the other spelling', async () => {
    const national = freshMobile();
    await createUser(t, { mobile: national });
    const reader = await createUser(t);
    const res = await t.api('GET', `/user/profile/${reader.id}/check_phone_exist`, { token: await tokenFor(t, reader), query: { phone_number: `+86${national}` } });
    expect(res.json().exists).toBe(true);
  });
});
