import { z } from 'zod';

export { CAPTCHA_FIELD, captchaPaths, SPAM_FILTER_HEADER } from './captcha-paths.js';

/** SPEC section 5: the algorithms a challenge may use, and the widget's messages for bad values. */
export const CAPTCHA_ALGORITHMS = ['SHA-256', 'SHA-384', 'SHA-512'] as const;
export const captchaAlgorithm = z.enum(CAPTCHA_ALGORITHMS, { message: 'Unknown algorithm value.' });
export type CaptchaAlgorithm = z.infer<typeof captchaAlgorithm>;

const challengeText = z.string().min(40, 'Challenge is too short. Min. 40 chars.').max(256);
const saltText = z.string().min(10, 'Salt is too short. Min. 10 chars.').max(512);

export const captchaChallenge = z.object({
  algorithm: captchaAlgorithm,
  challenge: challengeText,
  maxnumber: z.number().int().positive(),
  salt: saltText,
  signature: z.string().min(1, 'Signature is required.'),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** What the widget sends (as base64 JSON) once it has solved a challenge. */
export const captchaSolution = z.object({
  algorithm: captchaAlgorithm,
  challenge: challengeText,
  number: z.number().int().min(0),
  salt: saltText,
  signature: z.string().min(1, 'Signature is required.'),
  test: z.boolean().optional(),
  took: z.number().optional(),
});
export type CaptchaSolution = z.infer<typeof captchaSolution>;

/** A receipt signed by this server (spam-filter mode), as base64 JSON. */
export const serverSignaturePayload = z.object({
  algorithm: captchaAlgorithm,
  signature: z.string().min(1),
  verificationData: z.string().min(1).max(4096),
  verified: z.boolean(),
  id: z.string().optional(),
});

const payloadText = z.string().trim().min(1, 'This field may not be blank.').max(8192);

export const captchaPayloadBody = z.object({ payload: payloadText });

/** The widget's verification request; in spam-filter mode it adds the form's fields and a few hints. */
export const captchaVerifyBody = z.object({
  payload: payloadText,
  fields: z.record(z.string().max(100), z.string().max(10_000)).optional(),
  email: z.string().max(254).optional(),
  ipAddress: z.string().max(64).optional(),
  timeZone: z.string().max(64).optional(),
});

/**
 * The solution is spent; `payload` is a server-signed receipt (base64) that the form sends instead
 * (the widget puts it in the form by itself). It is accepted once, until `expire` (Unix seconds).
 */
export const captchaVerifyResponse = z.object({
  verified: z.literal(true),
  payload: z.string(),
  expire: z.number().int(),
});

export const extractParamsResponse = z.record(z.string(), z.string());

export const verifyFieldsHashBody = z.object({
  formData: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  fields: z.array(z.string().max(100)).min(1).max(50),
  fieldsHash: z.string().min(1).max(256),
  algorithm: captchaAlgorithm.default('SHA-256'),
});

export const verifiedResponse = z.object({ verified: z.boolean() });

export const verifyServerSignatureResponse = z.object({
  verified: z.boolean(),
  verificationData: z.record(z.string(), z.unknown()).nullable(),
});

export const solveChallengeBody = z.object({
  algorithm: captchaAlgorithm.default('SHA-256'),
  challenge: challengeText,
  salt: saltText,
  maxnumber: z.number().int().positive().optional(),
});

export const solveChallengeResponse = z.object({ number: z.number().int(), took: z.number() });
