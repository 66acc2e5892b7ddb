import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginBody } from '../../../shared/api/auth.js';
import { CAPTCHA_FIELD } from '../../../shared/api/captcha-paths.js';
import type { FormPostError } from '../../../shared/api/handoff-paths.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, Forbidden, TooManyRequests } from '../../platform/errors.js';
import { moduleRoutes } from '../../platform/http.js';
import { setHandoffCookies } from './handoff.js';
import { loginWithPassword } from './service.js';

const LOGIN_MAX = 254;
const PASSWORD_MAX = 256;

/** A field of a posted form: formbody gives a string, or an array when the name repeats (the first counts). */
function text(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/**
 * Login CSRF: a page form is accepted only from this site. The Origin header says so; without one (or with
 * "null", which is what the site's no-referrer policy makes a browser send on a form post), the Referer may,
 * and failing both the browser's own Sec-Fetch-Site, which no page can forge.
 */
export function fromThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const expected = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin === expected;
  const referer = request.headers.referer;
  if (referer) {
    try {
      return new URL(referer).origin === expected;
    } catch {
      return false;
    }
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** `next` as a path of this site only (never `//host`, a full URL or a backslash trick); anything else is home. */
export function safeNextPath(value: string, publicUrl: string): string {
  const unsafe = [...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\');
  if (!value.startsWith('/') || value.startsWith('//') || unsafe) return '/';
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

function backTo(page: string, params: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value && !(name === 'next' && value === '/')) query.set(name, value);
  const search = query.toString();
  return search ? `${page}?${search}` : page;
}

/** What a refused login tells the page; anything else is a server fault and goes to the error handler. */
function loginErrorOf(error: unknown): FormPostError | undefined {
  if (error instanceof TooManyRequests) return 'throttled';
  if (!(error instanceof AppError)) return undefined;
  if (error.status === 401) return 'invalid_credentials';
  // The guard wants a solved captcha, which only the scripted form can give.
  if (error.status === 400 && error.fields?.[CAPTCHA_FIELD]) return 'captcha_required';
  return undefined;
}

function seeOther(reply: FastifyReply, location: string) {
  // Nothing of a form answer may be kept: it may carry a fresh session.
  reply.header('cache-control', 'no-store');
  return reply.redirect(location, 303);
}

/** `next` of the form (a hidden field), or of the page's own URL when the form was posted to it. */
const nextOf = (ctx: AppContext, request: FastifyRequest) =>
  safeNextPath(text(request.body, 'next') || text(request.query, 'next'), ctx.config.publicUrl);

async function loginByForm(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const next = nextOf(ctx, request);
  const login = text(request.body, 'login').trim();
  const password = text(request.body, 'password');
  // The typed username goes back to the form; the password never leaves this function.
  const fail = (error: FormPostError) => seeOther(reply, backTo('/login', { error, login: login.slice(0, LOGIN_MAX), next }));
  if (!login || !password) return fail('missing_fields');
  if (login.length > LOGIN_MAX || password.length > PASSWORD_MAX) return fail('invalid_credentials');
  const body: LoginBody = { ...(login.includes('@') ? { email: login } : { username: login }), password };
  let session;
  try {
    session = await loginWithPassword(ctx, body, request.ip);
  } catch (error) {
    const code = loginErrorOf(error);
    if (!code) throw error;
    return fail(code);
  }
  setHandoffCookies(ctx, reply, session);
  return seeOther(reply, next);
}

/**
 * The auth pages' forms posted as plain HTML, before (or without) the app's script: the progressive
 * enhancement of `/login` and `/signup`. Page routes at the site root, not API calls, so they are hidden from
 * the API reference. A password login works without script (the session is handed to the app through the
 * handoff cookie); sign-up, code login and the password reset pages need script (a solved captcha, the
 * reset flow), so they go back to their page, which says so, with what was typed (never a password or a code).
 */
export const formPostRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  const options = {
    schema: { hide: true },
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
  };
  const guard = (request: FastifyRequest) => {
    if (!fromThisSite(request, ctx.config.publicUrl)) throw new Forbidden('This form may only be sent from this site.');
  };

  app.post('/login', options, async (request, reply) => {
    guard(request);
    return loginByForm(ctx, request, reply);
  });

  // The code login page: its password-less form needs script; a password posted here logs in as on /login.
  app.post('/login/v1', options, async (request, reply) => {
    guard(request);
    if (text(request.body, 'password')) return loginByForm(ctx, request, reply);
    return seeOther(reply, backTo('/login/v1', { error: 'script_required', next: nextOf(ctx, request) }));
  });

  for (const page of ['/signup', '/signup/v1']) {
    app.post(page, options, async (request, reply) => {
      guard(request);
      const next = nextOf(ctx, request);
      return seeOther(
        reply,
        backTo(page, {
          error: 'script_required',
          login: text(request.body, 'username').trim().slice(0, LOGIN_MAX),
          email: text(request.body, 'email').trim().slice(0, LOGIN_MAX),
          next,
        }),
      );
    });
  }

  // Asking for a reset link needs a solved captcha.
  app.post('/lostpassword', options, async (request, reply) => {
    guard(request);
    return seeOther(reply, backTo('/lostpassword', { error: 'script_required' }));
  });

  // The mailed link's page: its uid and token stay in the address, the new password is dropped.
  app.post('/reset', options, async (request, reply) => {
    guard(request);
    return seeOther(reply, backTo('/reset', { uid: text(request.query, 'uid'), token: text(request.query, 'token'), error: 'script_required' }));
  });
});
