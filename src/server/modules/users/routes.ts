import type { FastifyRequest } from 'fastify';
import { errorBody, idParam } from '../../../shared/api/common.js';
import {
  AVATAR_MAX_BYTES,
  bindEmailBody,
  bindPhoneBody,
  boundResponse,
  cancelBindBody,
  displayNameQuery,
  displayNameResponse,
  emailBoundResponse,
  emailQuery,
  existsEmailResponse,
  existsPhoneResponse,
  hasPasswordResponse,
  maskedEmailResponse,
  maskedPhoneResponse,
  phoneQuery,
  profile,
  profileDetail,
  profilePatch,
  profileWrite,
  rssTokenResponse,
  setFirstPasswordBody,
  userIdResponse,
  usersPaths,
} from '../../../shared/api/users.js';
import { requireUser } from '../../platform/auth.js';
import { readUploadBody } from '../../platform/upload-body.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import {
  bindEmail,
  bindPhone,
  bindState,
  cancelEmail,
  cancelPhone,
  deleteAccount,
  displayNameAvailable,
  emailInUse,
  getProfile,
  maskedContacts,
  mobileInUse,
  profileUserId,
  rssToken,
  setAvatar,
  setFirstPassword,
  updateProfile,
} from './profile-service.js';

const tags = ['users'];
const IMAGE_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The avatar arrives as the multipart field `avatar`, or as the whole body (octet-stream or image/*). */
async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  const { bytes } = await readUploadBody(request, {
    field: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    tooLarge: 'The avatar may be at most 5 MB.',
    wrongField: 'Send the image in the multipart field "avatar".',
    missing: 'Send an image as multipart field "avatar" or as an application/octet-stream body.',
  });
  return bytes;
}

export const usersRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.get(usersPaths.profile, {
    schema: { tags, summary: 'A profile (owner or staff)', params: idParam, response: { 200: profile } },
    handler: async (request) => getProfile(ctx, await requireUser(request), request.params.id),
  });

  app.put(usersPaths.profile, {
    schema: { tags, summary: 'Replace the editable profile fields', params: idParam, body: profileWrite, response: { 200: profile, 400: errorBody } },
    handler: async (request) => updateProfile(ctx, await requireUser(request), request.params.id, request.body),
  });

  app.patch(usersPaths.profile, {
    schema: { tags, summary: 'Change some profile fields', params: idParam, body: profilePatch, response: { 200: profile, 400: errorBody } },
    handler: async (request) => updateProfile(ctx, await requireUser(request), request.params.id, request.body),
  });

  app.delete(usersPaths.profile, {
    schema: { tags, summary: 'Delete the account and its personal data', params: idParam },
    handler: async (request, reply) => {
      await deleteAccount(ctx, await requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  });

  app.post(usersPaths.avatar, {
    schema: {
      tags,
      summary: 'Upload an avatar (PNG, JPEG, WebP or GIF, at most 5 MB); stored as a 256x256 WebP',
      params: idParam,
      consumes: ['multipart/form-data', ...IMAGE_TYPES],
      response: { 200: profile },
    },
    bodyLimit: AVATAR_MAX_BYTES,
    handler: async (request) => {
      const actor = await requireUser(request);
      return setAvatar(ctx, actor, request.params.id, await readAvatar(request));
    },
  });

  // Whether an address or number has an account is what password reset and code login never tell: a few checks
  // an hour from one address serve a reader binding their own, not someone sweeping a list.
  const existenceChecks = { rateLimit: { max: 10, timeWindow: '1 hour' } };

  app.get(usersPaths.checkEmailExist, {
    schema: { tags, summary: 'Does another account use this e-mail address? (10 an hour per address)', params: idParam, querystring: emailQuery, response: { 200: existsEmailResponse } },
    config: existenceChecks,
    handler: async (request) => ({
      email: request.query.email,
      exists: await emailInUse(ctx, await requireUser(request), request.params.id, request.query.email),
    }),
  });

  app.get(usersPaths.checkPhoneExist, {
    schema: { tags, summary: 'Does another account use this mobile number? (10 an hour per address)', params: idParam, querystring: phoneQuery, response: { 200: existsPhoneResponse } },
    config: existenceChecks,
    handler: async (request) => ({
      phone_number: request.query.phone_number,
      exists: await mobileInUse(ctx, await requireUser(request), request.params.id, request.query.phone_number),
    }),
  });

  app.post(usersPaths.bindEmail, {
    schema: { tags, summary: 'Bind or replace the e-mail address (code sent with action bind_email)', params: idParam, body: bindEmailBody, response: { 200: profile } },
    handler: async (request) => bindEmail(ctx, await requireUser(request), request.params.id, request.body.email, request.body.code),
  });

  app.post(usersPaths.bindPhone, {
    schema: { tags, summary: 'Bind or replace the mobile number (code sent with action bind_phone)', params: idParam, body: bindPhoneBody, response: { 200: profile } },
    handler: async (request) => bindPhone(ctx, await requireUser(request), request.params.id, request.body.mobile, request.body.code),
  });

  app.post(usersPaths.cancelEmail, {
    schema: { tags, summary: 'Remove the e-mail address (code sent to it with action cancel_email)', params: idParam, body: cancelBindBody, response: { 200: profile } },
    handler: async (request) => cancelEmail(ctx, await requireUser(request), request.params.id, request.body.code),
  });

  app.post(usersPaths.cancelPhone, {
    schema: { tags, summary: 'Remove the mobile number (code sent to it with action cancel_phone)', params: idParam, body: cancelBindBody, response: { 200: profile } },
    handler: async (request) => cancelPhone(ctx, await requireUser(request), request.params.id, request.body.code),
  });

  app.post(usersPaths.setFirstPassword, {
    schema: { tags, summary: 'Set a password on an account that has none (409 otherwise)', params: idParam, body: setFirstPasswordBody, response: { 200: profileDetail } },
    handler: async (request) => {
      await setFirstPassword(ctx, await requireUser(request), request.params.id, request.body.new_password);
      return { detail: 'Password has been set.' };
    },
  });

  app.get(usersPaths.checkEmailBind, {
    schema: { tags, summary: 'Is an e-mail address bound (and confirmed)?', params: idParam, response: { 200: emailBoundResponse } },
    handler: async (request) => {
      const state = await bindState(ctx, await requireUser(request), request.params.id);
      return { bound: state.email, verified: state.email && state.emailVerified };
    },
  });

  app.get(usersPaths.checkPhoneBind, {
    schema: { tags, summary: 'Is a mobile number bound?', params: idParam, response: { 200: boundResponse } },
    handler: async (request) => ({ bound: (await bindState(ctx, await requireUser(request), request.params.id)).phone }),
  });

  app.get(usersPaths.checkHasPassword, {
    schema: { tags, summary: 'Does the account have a password?', params: idParam, response: { 200: hasPasswordResponse } },
    handler: async (request) => ({ has_password: (await bindState(ctx, await requireUser(request), request.params.id)).password }),
  });

  app.get(usersPaths.displayName, {
    schema: {
      tags,
      summary: 'Is the display name free for user_id (default: this profile)?',
      params: idParam,
      querystring: displayNameQuery,
      response: { 200: displayNameResponse },
    },
    handler: async (request) => {
      const { display_name, user_id } = request.query;
      return { display_name, available: await displayNameAvailable(ctx, await requireUser(request), request.params.id, display_name, user_id) };
    },
  });

  app.get(usersPaths.getEmail, {
    schema: { tags, summary: 'The e-mail address, masked (a***@example.com)', params: idParam, response: { 200: maskedEmailResponse } },
    handler: async (request) => ({ email: (await maskedContacts(ctx, await requireUser(request), request.params.id)).email }),
  });

  app.get(usersPaths.getPhone, {
    schema: { tags, summary: 'The mobile number, masked (138****0000)', params: idParam, response: { 200: maskedPhoneResponse } },
    handler: async (request) => ({ mobile: (await maskedContacts(ctx, await requireUser(request), request.params.id)).mobile }),
  });

  app.get(usersPaths.userId, {
    schema: { tags, summary: 'The user id of the profile', params: idParam, response: { 200: userIdResponse } },
    handler: async (request) => ({ user_id: await profileUserId(ctx, await requireUser(request), request.params.id) }),
  });

  app.get(usersPaths.rssToken, {
    schema: { tags, summary: 'The personal feed token (made on first use)', params: idParam, response: { 200: rssTokenResponse } },
    handler: async (request) => rssToken(ctx, await requireUser(request), request.params.id, false),
  });

  app.put(usersPaths.rssToken, {
    schema: { tags, summary: 'A new personal feed token; the old one stops working', params: idParam, response: { 200: rssTokenResponse } },
    handler: async (request) => rssToken(ctx, await requireUser(request), request.params.id, true),
  });
});
