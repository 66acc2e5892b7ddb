import {
  checkCodeResponse,
  mailboxLinkResponse,
  messagingPaths,
  sendCodeResponse,
  sesCheckBody,
  sesSendBody,
  smsCheckBody,
  smsSendBody,
} from '../../../shared/api/messaging.js';
import { errorBody } from '../../../shared/api/common.js';
import { requireUser } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { mailboxLink } from './mailbox.js';
import { checkCode, sendCode } from './service.js';

const tags = ['messaging'];
const checked = { detail: 'The code is valid.', valid: true } as const;

export const messagingRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  /** A code goes by SMS to a mobile number or by e-mail to an address: each channel's two calls are the same but for that. */
  const channels = [
    { channel: 'sms', by: 'SMS', send: messagingPaths.smsSend, sendBody: smsSendBody, check: messagingPaths.smsCheckCode, checkBody: smsCheckBody },
    { channel: 'email', by: 'e-mail', send: messagingPaths.sesSend, sendBody: sesSendBody, check: messagingPaths.sesCheckCode, checkBody: sesCheckBody },
  ] as const;
  const destinationOf = (body: { mobile: string } | { email: string }) => ('mobile' in body ? body.mobile : body.email);

  for (const c of channels) {
    app.post(c.send, {
      schema: { tags, summary: `Send a one-time code by ${c.by} (captcha required)`, body: c.sendBody, response: { 200: sendCodeResponse, 400: errorBody, 429: errorBody } },
      handler: async (request, reply) => {
        privateResponse(reply);
        const { action, altcha } = request.body;
        return sendCode(ctx, { channel: c.channel, destination: destinationOf(request.body), action }, { altcha, ip: request.ip });
      },
    });

    app.post(c.check, {
      schema: { tags, summary: `Check an ${c.by} code without using it up`, body: c.checkBody, response: { 200: checkCodeResponse, 400: errorBody } },
      handler: async (request, reply) => {
        privateResponse(reply);
        const { action, code } = request.body;
        await checkCode(ctx, { channel: c.channel, destination: destinationOf(request.body), action }, code);
        return checked;
      },
    });
  }

  app.get(messagingPaths.mailboxLink, {
    schema: {
      tags,
      summary: 'The demo mailbox address, with its secret (staff only; null outside demo mode)',
      response: { 200: mailboxLinkResponse, 401: errorBody, 403: errorBody },
    },
    handler: async (request, reply) => {
      privateResponse(reply);
      return mailboxLink(ctx, await requireUser(request));
    },
  });
});
