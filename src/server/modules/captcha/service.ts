import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  createChallenge as altchaChallenge,
  extractParams as altchaParams,
  solveChallenge as altchaSolve,
  verifyFieldsHash as altchaFieldsHash,
  verifyServerSignature as altchaServerSignature,
  verifySolution as altchaVerifySolution,
} from 'altcha-lib/v1';
import type { Algorithm, Payload } from 'altcha-lib/v1/types';
import type { z } from 'zod';
import {
  CAPTCHA_FIELD,
  captchaSolution,
  serverSignaturePayload,
  type CaptchaAlgorithm,
  type CaptchaChallenge,
  type CaptchaSolution,
  type captchaVerifyBody,
  type solveChallengeBody,
  type verifyFieldsHashBody,
} from '../../../shared/api/captcha.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, Invalid } from '../../platform/errors.js';
import { markSpent } from './repo.js';
import { captchaSettings } from './settings.js';

const FAILED = 'Verification failed. Try again later.';
const EXPIRED = 'Verification expired. Try again.';
const REPLAYED = 'This verification was already used. Try again.';
const NO_SOLUTION = 'Unable to find a solution.';
const SOLVE_TIMEOUT_MS = 5_000;

// altcha-lib types list SHA-1/256/512; SHA-384 works the same through WebCrypto, and SHA-1 is refused by our schema.
const asAltchaAlgorithm = (algorithm: CaptchaAlgorithm) => algorithm as Algorithm;
const nodeHash = (algorithm: CaptchaAlgorithm) => algorithm.replace('-', '').toLowerCase();
const unixNow = () => Math.floor(Date.now() / 1000);

export async function createChallenge(ctx: AppContext): Promise<CaptchaChallenge> {
  const settings = captchaSettings(ctx.config);
  const challenge = await altchaChallenge({
    algorithm: 'SHA-256',
    hmacKey: ctx.config.altchaHmacKey,
    maxnumber: settings.maxNumber,
    expires: new Date(Date.now() + settings.challengeLifetimeSeconds * 1000),
  });
  return { ...challenge, algorithm: 'SHA-256', maxnumber: challenge.maxnumber ?? settings.maxNumber };
}

function decode(payload: string, field: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below like any other malformed payload
  }
  throw Invalid.field(field, FAILED);
}

function parse<T extends z.ZodTypeAny>(schema: T, value: unknown, field: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw Invalid.field(field, result.error.issues[0]?.message ?? FAILED);
  return result.data;
}

async function spend(ctx: AppContext, signature: string, expiresUnix: number, field: string): Promise<void> {
  if (!(await markSpent(ctx.db.kysely, signature, new Date(expiresUnix * 1000).toISOString()))) {
    throw Invalid.field(field, REPLAYED);
  }
}

/** A solved challenge of ours, unexpired, not used before; it is spent by this call. */
async function acceptSolution(ctx: AppContext, solution: CaptchaSolution, field: string): Promise<void> {
  // Challenges made in the widget's test mode are signed with no key of ours.
  if (solution.test) throw Invalid.field(field, FAILED);
  const payload: Payload = { ...solution, algorithm: asAltchaAlgorithm(solution.algorithm) };
  const expires = Number(altchaParams(payload).expires);
  // Our challenges always carry an expiry; one without it was not made here.
  if (!Number.isFinite(expires)) throw Invalid.field(field, FAILED);
  if (expires < unixNow()) throw Invalid.field(field, EXPIRED);
  if (!(await altchaVerifySolution(payload, ctx.config.altchaHmacKey, true))) throw Invalid.field(field, FAILED);
  await spend(ctx, `solution:${solution.signature}`, expires, field);
}

/** A receipt from `issueReceipt`, unexpired, not used before; it is spent by this call. */
async function acceptReceipt(ctx: AppContext, receipt: z.infer<typeof serverSignaturePayload>, field: string): Promise<void> {
  const { verified, verificationData } = await altchaServerSignature(
    { ...receipt, algorithm: asAltchaAlgorithm(receipt.algorithm) },
    ctx.config.altchaHmacKey,
  );
  if (!verified) {
    const expired = verificationData?.verified === true && verificationData.expire <= unixNow();
    throw Invalid.field(field, expired ? EXPIRED : FAILED);
  }
  await spend(ctx, `receipt:${receipt.signature}`, verificationData!.expire, field);
}

/**
 * The guard of every call that needs a captcha: accepts a solved challenge or a server-signed receipt
 * from `captcha/verify`, each once. Anything else is a 400 naming `field`.
 */
export async function requireCaptcha(ctx: AppContext, payload: string | undefined | null, field: string = CAPTCHA_FIELD): Promise<void> {
  if (!payload) throw Invalid.field(field, 'Complete the captcha first.');
  const decoded = decode(payload, field);
  if ('verificationData' in decoded) await acceptReceipt(ctx, parse(serverSignaturePayload, decoded, field), field);
  else await acceptSolution(ctx, parse(captchaSolution, decoded, field), field);
}

/** hex(HMAC(key, raw SHA(verificationData))): the signature altcha-lib's verifyServerSignature checks. */
function signReceipt(key: string, algorithm: CaptchaAlgorithm, verificationData: string): string {
  const digest = createHash(nodeHash(algorithm)).update(verificationData).digest();
  return createHmac(nodeHash(algorithm), key).update(digest).digest('hex');
}

/**
 * `captcha/verify`: spends the solution and answers a receipt the form carries instead. In spam-filter
 * mode the receipt records the names and hash of the form fields the widget saw, the e-mail domain and
 * the IP; this server has no content classifier, so the receipt carries no classification.
 */
export async function verifyAndIssueReceipt(
  ctx: AppContext,
  body: z.infer<typeof captchaVerifyBody>,
  ip: string,
): Promise<{ verified: true; payload: string; expire: number }> {
  const decoded = decode(body.payload, 'payload');
  await acceptSolution(ctx, parse(captchaSolution, decoded, 'payload'), 'payload');
  const now = unixNow();
  const expire = now + captchaSettings(ctx.config).challengeLifetimeSeconds;
  const data = new URLSearchParams({ expire: String(expire), id: randomBytes(8).toString('hex'), time: String(now), verified: 'true' });
  if (body.fields && Object.keys(body.fields).length) {
    const names = Object.keys(body.fields);
    data.set('fields', names.join(','));
    data.set('fieldsHash', createHash('sha256').update(names.map((n) => body.fields![n]).join('\n')).digest('hex'));
  }
  if (body.email) data.set('email', body.email);
  if (body.ipAddress) data.set('ipAddress', body.ipAddress === 'auto' ? ip : body.ipAddress);
  if (body.timeZone) data.set('timeZone', body.timeZone);
  const verificationData = data.toString();
  const receipt = {
    algorithm: 'SHA-256' as const,
    signature: signReceipt(ctx.config.altchaHmacKey, 'SHA-256', verificationData),
    verificationData,
    verified: true,
  };
  return { verified: true, payload: Buffer.from(JSON.stringify(receipt)).toString('base64'), expire };
}

export function extractParams(payload: string): Record<string, string> {
  const decoded = decode(payload, 'payload');
  if (typeof decoded.salt !== 'string') throw Invalid.field('payload', FAILED);
  return altchaParams({ ...decoded, salt: decoded.salt } as unknown as Payload);
}

export async function verifyFieldsHash(body: z.infer<typeof verifyFieldsHashBody>): Promise<boolean> {
  return altchaFieldsHash(body.formData, body.fields, body.fieldsHash, asAltchaAlgorithm(body.algorithm));
}

/** A diagnostic check of a receipt: does not spend it. */
export async function verifyServerSignature(ctx: AppContext, payload: string) {
  const receipt = parse(serverSignaturePayload, decode(payload, 'payload'), 'payload');
  const result = await altchaServerSignature({ ...receipt, algorithm: asAltchaAlgorithm(receipt.algorithm) }, ctx.config.altchaHmacKey);
  return { verified: result.verified, verificationData: result.verificationData };
}

/**
 * Solves a challenge here, for clients that cannot run the proof of work. It costs this server the CPU
 * the captcha is meant to cost the client, so it is refused in production, capped at the configured
 * maximum number and stopped after a few seconds.
 */
export async function solveChallenge(ctx: AppContext, body: z.infer<typeof solveChallengeBody>) {
  if (ctx.config.env === 'production') throw new Forbidden('Solving challenges on the server is disabled in production.');
  const cap = captchaSettings(ctx.config).maxNumber;
  const { promise, controller } = altchaSolve(body.challenge, body.salt, body.algorithm, Math.min(body.maxnumber ?? cap, cap));
  const timer = setTimeout(() => controller.abort(), SOLVE_TIMEOUT_MS);
  try {
    const solution = await promise;
    if (!solution) throw Invalid.field('challenge', NO_SOLUTION);
    return { number: solution.number, took: solution.took };
  } finally {
    clearTimeout(timer);
  }
}
