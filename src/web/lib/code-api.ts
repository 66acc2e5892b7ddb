import { authPaths } from '../../shared/api/auth-paths.js';
import type { CodeLoginResponse } from '../../shared/api/auth.js';
import { CAPTCHA_FIELD } from '../../shared/api/captcha-paths.js';
import { messagingPaths, type CODE_LOGIN_ACTIONS, type EMAIL_ACTIONS, type SMS_ACTIONS } from '../../shared/api/messaging-paths.js';
import { pathOf, type HttpClient } from './http.js';
import { normalizeMobile } from './forms/validation.js';

export type CodeChannel = 'email' | 'sms';
export type CodeAction = (typeof EMAIL_ACTIONS)[number] | (typeof SMS_ACTIONS)[number];
export type CodeLoginAction = (typeof CODE_LOGIN_ACTIONS)[number];

/** What `sms/send` and `ses/send` answer: seconds the code lives, and before another may be sent. */
export interface SentCode {
  detail: string;
  expires_in: number;
  resend_in: number;
}

/** The body field that names the destination on each channel. */
export const destinationField = (channel: CodeChannel) => (channel === 'email' ? 'email' : 'mobile');

const destinationBody = (channel: CodeChannel, destination: string) =>
  channel === 'email' ? { email: destination.trim() } : { mobile: normalizeMobile(destination) };

/** Sends a one-time code for an action (captcha required). */
export function sendCode(http: HttpClient, channel: CodeChannel, destination: string, action: CodeAction, altcha: string | null) {
  return http.post<SentCode>(channel === 'email' ? messagingPaths.sesSend : messagingPaths.smsSend, {
    ...destinationBody(channel, destination),
    action,
    ...(altcha ? { [CAPTCHA_FIELD]: altcha } : {}),
  });
}

/** Logs in (or signs up) with a code sent for the same action. */
export function codeLogin(http: HttpClient, channel: CodeChannel, action: CodeLoginAction, destination: string, code: string) {
  const path = pathOf(channel === 'email' ? authPaths.sesLogin : authPaths.smsLogin, { action });
  return http.post<CodeLoginResponse>(path, { ...destinationBody(channel, destination), code: code.trim() });
}
