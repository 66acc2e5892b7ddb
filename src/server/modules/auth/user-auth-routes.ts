import {
  authPaths,
  codeLoginParams,
  codeLoginResponse,
  loginResponse,
  phonePasswordLoginBody,
  sesLoginBody,
  smsLoginBody,
} from '../../../shared/api/auth.js';
import { errorBody } from '../../../shared/api/common.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { codeLogin } from './code-login.js';
import { loginWithMobile } from './service.js';

const tags = ['auth'];
const codeLoginResponses = { 200: codeLoginResponse, 201: codeLoginResponse, 400: errorBody };

/** Log in by mobile number and password, or log in / sign up with a one-time code. */
export const userAuthRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.post(authPaths.phonePasswordLogin, {
    schema: {
      tags,
      summary: 'Log in with mobile number and password (captcha after 3 failures, then growing delays)',
      body: phonePasswordLoginBody,
      response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
    },
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request) => loginWithMobile(ctx, request.body, request.ip),
  });

  app.post(authPaths.smsLogin, {
    schema: {
      tags,
      summary: 'Log in or sign up with an SMS code sent for this action (201 when an account was made)',
      params: codeLoginParams,
      body: smsLoginBody,
      response: codeLoginResponses,
    },
    handler: async (request, reply) => {
      const session = await codeLogin(ctx, 'sms', request.params.action, request.body.mobile, request.body.code);
      return reply.status(session.created ? 201 : 200).send(session);
    },
  });

  app.post(authPaths.sesLogin, {
    schema: {
      tags,
      summary: 'Log in or sign up with an e-mail code sent for this action (201 when an account was made)',
      params: codeLoginParams,
      body: sesLoginBody,
      response: codeLoginResponses,
    },
    handler: async (request, reply) => {
      const session = await codeLogin(ctx, 'email', request.params.action, request.body.email, request.body.code);
      return reply.status(session.created ? 201 : 200).send(session);
    },
  });
});
