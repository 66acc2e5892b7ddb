import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paymentsPaths } from '../../../shared/api/payments.js';
import { AppError, Invalid, UnsupportedMediaType } from '../../platform/errors.js';
import { now } from '../../platform/time.js';
import { settleRefundFromProvider } from '../orders/refund-service.js';
import { handleNotification, loggable } from './service.js';
import { drainUnreadBody } from '../../platform/drain-body.js';

/**
 * The providers' notification calls, outside login and the JSON error format. A provider retries every
 * answer but its success for about a day, so the status says who must act: a message that can never succeed
 * (unreadable, not genuine, not for an order of ours) is a 4xx, and only a failure on our side that a retry
 * can fix (the database unreachable or busy) is a 5xx.
 */

const tags = ['payments'];
const nowSeconds = () => Math.floor(now() / 1000);
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `application/x-www-form-urlencoded; charset=utf-8` -> its media type and charset, lower-cased. */
function mediaTypeOf(header: string | undefined): { type: string; charset: string | undefined } {
  const [type, ...params] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"|"$/g, '');
  return { type, charset };
}

/**
 * The body as the text the provider signed: read as bytes and decoded as strict UTF-8 once, so that nothing
 * parses it first, and a body in another media type or charset, or with invalid UTF-8, is refused (415, 400)
 * here instead of failing later as a signature that does not verify.
 */
export function signedTextBodies(app: FastifyInstance, mediaType: string): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const { type, charset } = mediaTypeOf(request.headers['content-type']);
    if (type !== mediaType || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')) {
      done(new UnsupportedMediaType(`Send the notification as ${mediaType} in UTF-8.`, 'content-type'), undefined);
      return;
    }
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(Invalid.field('body', 'Must be valid UTF-8.'), undefined);
    }
  });
}

export const rawText = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');

/**
 * The status for an error thrown before or around the service: our typed errors and Fastify's own 4xx (a body
 * over the limit, a broken content type) say the message can never succeed; anything else is ours (500).
 */
export function failureStatus(err: unknown): number {
  if (err instanceof AppError) return err.status;
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

/**
 * Logs a failure by who must act: ours at error level (with the error), the sender's at warn with its reason,
 * both with the order number a form body names when it could be read (WeChat Pay's is encrypted).
 */
export function logFailure(request: FastifyRequest, provider: string, status: number, err: Error): void {
  const body = request.body;
  const named = typeof body === 'string' && !body.startsWith('{') ? new URLSearchParams(body).get('out_trade_no') : null;
  const orderNumber = named ? loggable(named) : undefined;
  if (status >= 500) request.log.error({ err, provider, order_number: orderNumber }, 'payment notification failed');
  else request.log.warn({ provider, reason: err.message, status, order_number: orderNumber }, 'payment notification refused');
}

/** `POST pay/alipay/notify`: the reply is exactly `success` or `fail` (text/plain), whatever happens. */
export async function alipayNotifyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  signedTextBodies(app, 'application/x-www-form-urlencoded');
  const answer = (reply: FastifyReply, status: number, text: 'success' | 'fail') =>
    reply.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
  app.setErrorHandler(async (err: Error, request, reply) => {
    await drainUnreadBody(request);
    const status = failureStatus(err);
    logFailure(request, 'alipay', status, err);
    return answer(reply, status, 'fail');
  });
  app.post(paymentsPaths.alipayNotify, { schema: { tags, summary: 'Alipay asynchronous notification (form body); answers `success` or `fail`' } }, async (request, reply) => {
    const result = await handleNotification(ctx, 'alipay', { headers: request.headers, body: rawText(request), now: nowSeconds() }, request.log);
    return answer(reply, result.ok ? 200 : result.status, result.ok ? 'success' : 'fail');
  });
}

/**
 * `POST pay/wechatpay/notify`: verified against the raw body string (JSON is parsed only after the signature
 * checks out). 204 on success, duplicates included; otherwise 4xx/5xx with `{"code":"FAIL","message":...}`.
 */
export async function wechatpayNotifyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  signedTextBodies(app, 'application/json');
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify({ code: 'FAIL', message }));
  app.setErrorHandler(async (err: Error, request, reply) => {
    await drainUnreadBody(request);
    const status = failureStatus(err);
    logFailure(request, 'wechatpay', status, err);
    return fail(reply, status, status >= 500 ? 'Internal error; send it again later.' : err.message);
  });
  app.post(paymentsPaths.wechatpayNotify, { schema: { tags, summary: 'WeChat Pay API v3 notification (raw JSON, signed); answers 204' } }, async (request, reply) => {
    const result = await handleNotification(ctx, 'wechatpay', { headers: request.headers, body: rawText(request), now: nowSeconds() }, request.log);
    if (!result.ok) return fail(reply, result.status, result.reason);
    const { verdict } = result;
    if (verdict.kind === 'refund' && verdict.refundNo !== undefined) {
      // The outcome of a refund WeChat Pay was processing (the refund call answered PROCESSING).
      const outcome = await settleRefundFromProvider(ctx, {
        provider: 'wechatpay',
        orderNumber: verdict.receipt.orderNumber,
        outRequestNo: verdict.refundNo,
        state: verdict.state,
        amount: verdict.refundAmount,
        providerRefundNo: verdict.providerRefundNo ?? null,
      });
      request.log[outcome === 'unknown' ? 'warn' : 'info']({ provider: 'wechatpay', order_number: verdict.receipt.orderNumber, refund_no: verdict.refundNo, state: verdict.state, outcome }, 'refund notification');
    }
    return reply.status(204).header('cache-control', 'no-store').send();
  });
}
