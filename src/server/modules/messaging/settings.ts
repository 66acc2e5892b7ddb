import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../../config.js';

/**
 * Mail and SMS settings read from the environment (they belong in config.ts; until they move there they
 * are read here, once per configuration object).
 */
const envSchema = z.object({
  /** nodemailer connection URL, e.g. smtps://user:pass@smtp.example.com:465; empty = write to the outbox folder. */
  SMTP_URL: z.string().default(''),
  /** Sender address; default "<site name> <no-reply@<public host>>". */
  MAIL_FROM: z.string().optional(),
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().default(''),
  /** Body POSTed to the gateway; {mobile}, {code} and {text} are filled in (escaped for the content type). */
  SMS_HTTP_TEMPLATE: z.string().default('{"mobile":"{mobile}","code":"{code}"}'),
  SMS_HTTP_CONTENT_TYPE: z.string().default('application/json'),
  /** Authorization header for the gateway, when it wants one. */
  SMS_HTTP_AUTHORIZATION: z.string().default(''),
});

export interface MessagingSettings {
  smtpUrl: string;
  mailFrom: string;
  /** Where mail goes without SMTP, and where the log SMS provider copies messages: `${dataDir}/mail`. */
  outboxDir: string;
  smsProvider: 'log' | 'http';
  smsHttpUrl: string;
  smsHttpTemplate: string;
  smsHttpContentType: string;
  smsHttpAuthorization: string;
}

const cache = new WeakMap<Config, MessagingSettings>();

export function messagingSettings(config: Config): MessagingSettings {
  let settings = cache.get(config);
  if (!settings) {
    const e = envSchema.parse(process.env);
    settings = {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `${config.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`,
      outboxDir: path.join(config.dataDir, 'mail'),
      smsProvider: e.SMS_PROVIDER,
      smsHttpUrl: e.SMS_HTTP_URL,
      smsHttpTemplate: e.SMS_HTTP_TEMPLATE,
      smsHttpContentType: e.SMS_HTTP_CONTENT_TYPE,
      smsHttpAuthorization: e.SMS_HTTP_AUTHORIZATION,
    };
    cache.set(config, settings);
  }
  return settings;
}
