import {
  captchaChallenge,
  captchaPaths,
  captchaPayloadBody,
  captchaVerifyBody,
  captchaVerifyResponse,
  extractParamsResponse,
  solveChallengeBody,
  solveChallengeResponse,
  SPAM_FILTER_HEADER,
  verifiedResponse,
  verifyFieldsHashBody,
  verifyServerSignatureResponse,
} from '../../../shared/api/captcha.js';
import { API_PREFIX } from '../../../shared/api/prefix.js';
import { errorBody } from '../../../shared/api/common.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import {
  createChallenge,
  extractParams,
  solveChallenge,
  verifyAndIssueReceipt,
  verifyFieldsHash,
  verifyServerSignature,
} from './service.js';

const tags = ['captcha'];

export const captchaRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(captchaPaths.challenge, {
    schema: { tags, summary: 'A new ALTCHA v1 proof-of-work challenge', response: { 200: captchaChallenge } },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      privateResponse(reply);
      // Spam-filter mode: point the widget at our verify call, which answers a server-signed receipt.
      if (request.headers[SPAM_FILTER_HEADER]) {
        reply.header('x-altcha-config', JSON.stringify({ verifyurl: `${ctx.config.publicUrl}${API_PREFIX}${captchaPaths.verify}` }));
      }
      return createChallenge(ctx);
    },
  });

  app.post(captchaPaths.verify, {
    schema: {
      tags,
      summary: 'Check a solution once; answers a receipt for the form',
      body: captchaVerifyBody,
      response: { 200: captchaVerifyResponse, 400: errorBody },
    },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return verifyAndIssueReceipt(ctx, request.body, request.ip);
    },
  });

  app.post(captchaPaths.extractParams, {
    schema: { tags, summary: 'The parameters carried in a payload’s salt', body: captchaPayloadBody, response: { 200: extractParamsResponse } },
    handler: async (request) => extractParams(request.body.payload),
  });

  app.post(captchaPaths.verifyFieldsHash, {
    schema: { tags, summary: 'Check the hash of form fields against a receipt’s fieldsHash', body: verifyFieldsHashBody, response: { 200: verifiedResponse } },
    handler: async (request) => ({ verified: await verifyFieldsHash(request.body) }),
  });

  app.post(captchaPaths.verifyServerSignature, {
    schema: {
      tags,
      summary: 'Check a server-signed receipt without spending it',
      body: captchaPayloadBody,
      response: { 200: verifyServerSignatureResponse },
    },
    handler: async (request) => verifyServerSignature(ctx, request.body.payload),
  });

  app.post(captchaPaths.solveChallenge, {
    schema: {
      tags,
      summary: 'Solve a challenge on the server (not in production; capped and timed)',
      body: solveChallengeBody,
      response: { 200: solveChallengeResponse },
    },
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request) => solveChallenge(ctx, request.body),
  });
});
