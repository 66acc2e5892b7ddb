import { describe, expect, it } from 'vitest';
import { DB_NAME, deviceMayHoldSession, notePickUp } from '../../../src/web/lib/session/device-session.js';

/** A first visit treats the reader as a guest without Dexie only when the device certainly holds no session. */
describe('deviceMayHoldSession', () => {
  const listing = (...names: string[]) => () => Promise.resolve(names.map((name) => ({ name })));

  it('is false only for a device whose databases are listed without the app’s and with no login to pick up', async () => {
    expect(await deviceMayHoldSession({ cookie: 'lang=en', databases: listing() })).toBe(false);
    expect(await deviceMayHoldSession({ cookie: '', databases: listing('other-app') })).toBe(false);
  });

  it('is true once the app’s database exists (a stored login, a saved article, a fingerprint)', async () => {
    expect(await deviceMayHoldSession({ cookie: '', databases: listing('other-app', DB_NAME) })).toBe(true);
  });

  it('is true while a login posted without script waits to be picked up', async () => {
    expect(await deviceMayHoldSession({ cookie: 'a=1; lectern_handoff=1', databases: listing() })).toBe(true);
  });

  it('is true where the browser cannot list its databases, or the listing fails', async () => {
    expect(await deviceMayHoldSession({ cookie: '' })).toBe(true);
    expect(await deviceMayHoldSession({ cookie: '', databases: () => Promise.reject(new Error('blocked')) })).toBe(true);
  });

  it('is true from the moment this tab starts picking up a login (its marker already gone, its rows not yet written)', async () => {
    expect(await deviceMayHoldSession({ cookie: '', databases: listing() })).toBe(false);
    notePickUp();
    expect(await deviceMayHoldSession({ cookie: '', databases: listing() })).toBe(true);
  });
});
