import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  // A real socket: light-my-request hands the whole body over at once, so it never shows how a connection ends.
  const server = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(server).port);
});

interface Exchange {
  /** The status line's code, or undefined when the connection ended without an answer. */
  status?: number;
  /** Whether writing the whole body succeeded (no reset while a proxy would still be sending it). */
  bodySent: boolean;
  /** The answer to a second request on the same connection, as a proxy's kept-alive upstream would send it. */
  secondStatus?: number;
}

/** Sends `bytes` to `path` as one request, as a proxy does, then a second request on the same connection. */
function exchange(path: string, bytes: number, headers: Record<string, string> = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const result: Exchange = { bodySent: false };
    let received = '';
    const finish = () => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(15_000, finish);
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
      result.status = statuses[0];
      result.secondStatus = statuses[1];
      if (statuses.length >= 2) finish();
    });
    const head = Object.entries({ host: 'lectern.test', 'content-type': 'application/octet-stream', 'content-length': String(bytes), ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
    socket.write(Buffer.alloc(bytes, 1), (err) => {
      result.bodySent = !err;
      if (!err) socket.write('GET /api/v2/no-such-call HTTP/1.1\r\nhost: lectern.test\r\n\r\n');
    });
  });
}

describe('a body the site refuses without reading it', () => {
  it('is read to its end before the 413, so a proxy still sending it gets the 413 (not a reset, which nginx answers with 502)', async () => {
    const user = await createUser(t);
    const res = await exchange(`/api/v2/user/profile/${user.id}/avatar`, 6 * 1024 * 1024, { authorization: `Bearer ${await tokenFor(t, user)}` });
    expect(res.bodySent).toBe(true);
    expect(res.status).toBe(413);
    // Fastify closes the connection after a body it could not parse; the answer is there before it does.
  });

  it('leaves the connection usable after a 401 for a caller without a token', async () => {
    const res = await exchange('/api/v2/documents', 3 * 1024 * 1024);
    expect(res.bodySent).toBe(true);
    expect(res.status).toBe(401);
    expect(res.secondStatus).toBe(404);
  });
});
