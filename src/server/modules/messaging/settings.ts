import path from 'node:path';
import type { Config } from '../../config.js';

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

export function messagingSettings(config: Config): MessagingSettings {
  return {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom ?? `${config.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`,
    outboxDir: path.join(config.dataDir, 'mail'),
    smsProvider: config.smsProvider,
    smsHttpUrl: config.smsHttpUrl,
    smsHttpTemplate: config.smsHttpTemplate,
    smsHttpContentType: config.smsHttpContentType,
    smsHttpAuthorization: config.smsHttpAuthorization,
  };
}
