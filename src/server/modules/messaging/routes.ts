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

  app.post(messagingPaths.smsSend, {
    schema: {
      tags,
      summary: 'Send a one-time code by SMS (captcha required)',
      body: smsSendBody,
      response: { 200: sendCodeResponse, 400: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      privateResponse(reply);
      const { mobile, action, altcha } = request.body;
      return sendCode(ctx, { channel: 'sms', destination: mobile, action }, { altcha, ip: request.ip });
    },
  });

  app.post(messagingPaths.sesSend, {
    schema: {
      tags,
      summary: 'Send a one-time code by e-mail (captcha required)',
      body: sesSendBody,
      response: { 200: sendCodeResponse, 400: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      privateResponse(reply);
      const { email, action, altcha } = request.body;
      return sendCode(ctx, { channel: 'email', destination: email, action }, { altcha, ip: request.ip });
    },
  });

  app.post(messagingPaths.smsCheckCode, {
    schema: { tags, summary: 'Check an SMS code without using it up', body: smsCheckBody, response: { 200: checkCodeResponse, 400: errorBody } },
    handler: async (request, reply) => {
      privateResponse(reply);
      const { mobile, action, code } = request.body;
      await checkCode(ctx, { channel: 'sms', destination: mobile, action }, code);
      return checked;
    },
  });

  app.post(messagingPaths.sesCheckCode, {
    schema: { tags, summary: 'Check an e-mail code without using it up', body: sesCheckBody, response: { 200: checkCodeResponse, 400: errorBody } },
    handler: async (request, reply) => {
      privateResponse(reply);
      const { email, action, code } = request.body;
      await checkCode(ctx, { channel: 'email', destination: email, action }, code);
      return checked;
    },
  });

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
