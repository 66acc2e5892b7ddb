import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('request log', () => {
  it("writes a request's URL with secret-like query values redacted", () => {
    // The serializer pino applies to the `req` of every request's log line ("incoming request").
    const serializers = (t.app.log as unknown as Record<symbol, Record<string, (value: unknown) => unknown>>)[Symbol.for('pino.serializers')];
    const request = { method: 'GET', url: '/rss.xml?token=feed-secret&Refresh_Token=r1&page=2', headers: {}, host: 'lectern.test', ip: '127.0.0.1', socket: { remotePort: 40000 } };
    expect(serializers.req(request)).toEqual({
      method: 'GET',
      url: '/rss.xml?token=[redacted]&Refresh_Token=[redacted]&page=2',
      version: undefined,
      host: 'lectern.test',
      remoteAddress: '127.0.0.1',
      remotePort: 40000,
    });
  });
});
