import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.js';

describe('GET membership/meter', () => {
  it("answers the site's configured allowances to anyone, and follows the configuration", async () => {
    const t = await createTestApp({ freeReadsGuest: 2, freeReadsUser: 7 });
    const res = await t.api('GET', '/membership/meter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ free_reads_guest: 2, free_reads_user: 7 });

    const other = await createTestApp({ freeReadsGuest: 0, freeReadsUser: 12 });
    expect((await other.api('GET', '/membership/meter')).json()).toEqual({ free_reads_guest: 0, free_reads_user: 12 });
  });
});
