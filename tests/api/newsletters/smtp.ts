import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the tests (smtp-server), keeping every message it accepted, raw, with a small reader of
 * what the tests look at: headers (unfolded, encoded words decoded) and the text and HTML parts (quoted-printable
 * or base64, UTF-8). Recipients whose address starts with `bounce` are refused at RCPT TO with 550.
 */
export interface Received {
  to: string[];
  raw: string;
  headers: Map<string, string>;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: Received[];
  /** Called with each message before the server answers 250 (the crash test stops the sender there). */
  onMessage?: (message: Received) => void | Promise<void>;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*(?==\?)|=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (...m: string[]) => {
    const [enc, text] = m[2] ? [m[2], m[3]] : [m[5], m[6]];
    if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    return Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  });
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  return headers;
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The text and HTML of a message: its parts found through every multipart boundary. */
function parts(headers: Map<string, string>, body: string, found: { text: string; html: string }): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const split = chunk.replace(/^\r?\n/, '').search(/\r?\n\r?\n/);
      const trimmed = chunk.replace(/^\r?\n/, '');
      parts(parseHeaders(trimmed.slice(0, split)), trimmed.slice(split).replace(/^\r?\n\r?\n/, ''), found);
    }
    return;
  }
  const text = decodeBody(body, headers.get('content-transfer-encoding') ?? '');
  if (/^text\/html/i.test(type)) found.html += text;
  else if (/^text\/plain/i.test(type)) found.text += text;
}

export function readMessage(raw: string, to: string[] = []): Received {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const found = { text: '', html: '' };
  parts(headers, raw.slice(split).replace(/^\r?\n\r?\n/, ''), found);
  return { to, raw, headers, ...found };
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: Received[] = [];
  const smtp: Partial<TestSmtp> = { received };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) {
        const err = Object.assign(new Error('No such user here'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = readMessage(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address));
        received.push(message);
        void Promise.resolve(smtp.onMessage?.(message)).then(() => callback(), (err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(smtp, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TestSmtp;
}
