import {
  authPaths,
  confirmEmailBody,
  detailResponse,
  emailBody,
  passwordChangeBody,
  passwordChangeResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  registrationBody,
  registrationResponse,
} from '../../../shared/api/auth.js';
import { errorBody } from '../../../shared/api/common.js';
import { requireUser } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './password-service.js';
import { confirmEmail, register, resendConfirmation } from './registration.js';

const tags = ['auth'];
const failures = { 400: errorBody, 429: errorBody };

/** Registration, e-mail confirmation, password change and reset. */
export const accountRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.post(authPaths.registration, {
    schema: {
      tags,
      summary: 'Create an account (captcha required); it is logged in and its e-mail address awaits confirmation',
      body: registrationBody,
      response: { 201: registrationResponse, ...failures },
    },
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
  });

  app.post(authPaths.registrationResendEmail, {
    schema: { tags, summary: 'Mail a new confirmation link (same answer whether or not the account exists)', body: emailBody, response: { 200: detailResponse, ...failures } },
    handler: async (request) => {
      await resendConfirmation(ctx, request.body.email, request.ip);
      return { detail: 'If an unconfirmed account uses this address, a new link is on its way.' };
    },
  });

  for (const path of [authPaths.registrationVerifyEmail, authPaths.accountConfirmEmail]) {
    app.post(path, {
      schema: { tags, summary: 'Confirm an e-mail address with the key from the mailed link (once, within 3 days)', body: confirmEmailBody, response: { 200: detailResponse, 400: errorBody } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: async (request) => {
        await confirmEmail(ctx, request.body.key);
        return { detail: 'ok' };
      },
    });
  }

  app.post(authPaths.passwordChange, {
    schema: {
      tags,
      summary: 'Change the password; ends every session and answers a fresh one',
      body: passwordChangeBody,
      response: { 200: passwordChangeResponse, ...failures },
    },
    handler: async (request) => changePassword(ctx, await requireUser(request), request.body, request.ip),
  });

  app.post(authPaths.passwordReset, {
    schema: { tags, summary: 'Mail a password reset link (captcha required; same answer for every address)', body: passwordResetBody, response: { 200: detailResponse, ...failures } },
    handler: async (request) => {
      await requestPasswordReset(ctx, request.body, request.ip);
      return { detail: 'Password reset e-mail has been sent.' };
    },
  });

  app.post(authPaths.passwordResetConfirm, {
    schema: { tags, summary: 'Set a new password with the uid and token of a reset link (once, within 1 hour)', body: passwordResetConfirmBody, response: { 200: detailResponse, 400: errorBody } },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => {
      await confirmPasswordReset(ctx, request.body);
      return { detail: 'Password has been reset with the new password.' };
    },
  });
});
