import type { Logger } from 'pino';
import { writeOutboxEntry } from './mail.js';

/**
 * Text messages behind one interface. `log` (the default, for development and demos) writes the code to
 * the server log and to the outbox that the demo mailbox page shows; `http` POSTs to a gateway.
 */
export interface SmsMessage {
  mobile: string;
  code: string;
  text: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsOptions {
  provider: 'log' | 'http';
  /** The gateway's URL (http provider). */
  httpUrl: string;
  /** Request body with `{mobile}`, `{code}` and `{text}` filled in. */
  httpTemplate: string;
  httpContentType: string;
  /** Sent as the Authorization header when set. */
  httpAuthorization: string;
  outboxDir: string;
  log: Logger;
}

const HTTP_TIMEOUT_MS = 10_000;

/** Fills the template; values are escaped for the body's content type so they cannot break its syntax. */
export function fillTemplate(template: string, contentType: string, values: Record<string, string>): string {
  const escape = contentType.includes('json')
    ? (v: string) => JSON.stringify(v).slice(1, -1)
    : contentType.includes('x-www-form-urlencoded')
      ? encodeURIComponent
      : (v: string) => v;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? escape(values[name]) : whole));
}

export function createSmsProvider(options: SmsOptions): SmsProvider {
  if (options.provider === 'http') {
    if (!options.httpUrl) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return {
      async send(message) {
        const headers: Record<string, string> = { 'content-type': options.httpContentType };
        if (options.httpAuthorization) headers.authorization = options.httpAuthorization;
        const res = await fetch(options.httpUrl, {
          method: 'POST',
          headers,
          body: fillTemplate(options.httpTemplate, options.httpContentType, { ...message }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  return {
    async send(message) {
      options.log.info({ mobile: message.mobile, code: message.code }, 'SMS (log provider): %s', message.text);
      writeOutboxEntry(options.outboxDir, { kind: 'sms', to: message.mobile, subject: `SMS to ${message.mobile}`, text: message.text });
    },
  };
}
