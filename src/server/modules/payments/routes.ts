import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorBody } from '../../../shared/api/common.js';
import {
  alipayReturnJson,
  alipayReturnReport,
  attemptByIdParams,
  attemptByNumberParams,
  devPayPath,
  orderIdParams,
  orderNumberParams,
  orderRef as orderRefBody,
  paymentMethods,
  paymentStart,
  paymentStatus as paymentStatusBody,
  paymentsPaths,
  payReturnPath,
  startQuery,
} from '../../../shared/api/payments.js';
import { LANGUAGE_COOKIE } from '../../../shared/constants.js';
import { pickLanguage } from '../../../shared/i18n/index.js';
import { getActor, requireUser } from '../../platform/auth.js';
import { Invalid } from '../../platform/errors.js';
import { asZod, moduleRoutes, privateResponse } from '../../platform/http.js';
import { now } from '../../platform/time.js';
import { parseAlipayForm } from './alipay.js';
import { devProviderAvailable } from './dev.js';
import { PaymentProviderError } from './provider.js';
import { devPayHtml } from './dev-page.js';
import { alipayNotifyRoutes, failureStatus, logFailure, rawText, signedTextBodies, wechatpayNotifyRoutes } from './notify-routes.js';
import { assertPaymentKeys, devPayable, devPageOrder, handleNotification, orderRef, paymentStatus, startPayment, availableMethods, verifyAlipayReturn } from './service.js';
import { drainUnreadBody } from '../../platform/drain-body.js';

const tags = ['payments'];
const nowSeconds = () => Math.floor(now() / 1000);

/** The body exactly as received, as text: providers sign bytes, so nothing may parse it first. */
function rawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/** `POST pay/alipay/verify`: the return parameters as a form (the query string as it came) or a JSON object. */
async function alipayReturnRoutes(root: FastifyInstance): Promise<void> {
  const app = asZod(root);
  const { ctx } = app;
  rawBodies(root);
  app.post(paymentsPaths.alipayVerify, {
    schema: { tags, summary: "Whether Alipay's return parameters are genuine and match an order (reports; never marks paid)", response: { 200: alipayReturnReport, 400: errorBody, 401: errorBody } },
    handler: async (request, reply) => {
      privateResponse(reply);
      const text = rawText(request);
      let params: ReturnType<typeof parseAlipayForm>;
      if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw Invalid.field('body', 'Send the return parameters as a form or a JSON object of strings.');
        }
        const parsed = alipayReturnJson.safeParse(json);
        if (!parsed.success) throw Invalid.field('body', 'Send the return parameters as a form or a JSON object of strings.');
        params = new Map(Object.entries(parsed.data));
      } else {
        params = parseAlipayForm(text);
      }
      if (!(params instanceof Map)) throw Invalid.field(params.duplicate.slice(0, 40), 'This parameter is sent twice.');
      return verifyAlipayReturn(ctx, await getActor(request), params, request.log);
    },
  });
}

/** A provider that refused or could not be reached is logged (the answer is a 502 naming what happened). */
async function logged<T>(request: FastifyRequest, start: Promise<T>): Promise<T> {
  try {
    return await start;
  } catch (err) {
    if (err instanceof PaymentProviderError) request.log.warn({ reason: err.message }, 'payment provider did not start a payment');
    throw err;
  }
}

/**
 * The payment calls: the methods checkout may offer, and per order (by id or by number) its status, its id,
 * and starting a payment attempt. They answer the order's buyer only (anyone else, staff included, gets 404).
 */
export const paymentsRoutes = moduleRoutes(async (app) => {
  const { ctx } = app;
  assertPaymentKeys(ctx.config);
  await app.register(alipayNotifyRoutes);
  await app.register(wechatpayNotifyRoutes);
  await app.register(alipayReturnRoutes);

  app.get(paymentsPaths.methods, {
    schema: { tags, summary: 'The payment methods offered at checkout (a provider without its keys is not listed)', response: { 200: paymentMethods } },
    handler: async () => availableMethods(ctx.config),
  });

  await app.register(async (owned) => {
    owned.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(owned);
    const orderErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
    const startErrors = { ...orderErrors, 409: errorBody, 502: errorBody };

    zapp.get(paymentsPaths.update, {
      schema: { tags, summary: "Start (or start again) payment attempt n of the caller's order with its payment method", params: attemptByIdParams, querystring: startQuery, response: { 200: paymentStart, ...startErrors } },
      handler: async (request) => logged(request, startPayment(ctx, await requireUser(request), { id: request.params.id }, request.params.n, request.query.channel, request.ip)),
    });
    zapp.get(paymentsPaths.updateByNumber, {
      schema: { tags, summary: "Start (or start again) payment attempt n of the caller's order, by order number", params: attemptByNumberParams, querystring: startQuery, response: { 200: paymentStart, ...startErrors } },
      handler: async (request) => logged(request, startPayment(ctx, await requireUser(request), { number: request.params.number }, request.params.n, request.query.channel, request.ip)),
    });
    zapp.get(paymentsPaths.status, {
      schema: { tags, summary: "The payment status of the caller's order", params: orderIdParams, response: { 200: paymentStatusBody, ...orderErrors } },
      handler: async (request) => paymentStatus(ctx, await requireUser(request), { id: request.params.id }),
    });
    zapp.get(paymentsPaths.statusByNumber, {
      schema: { tags, summary: "The payment status of the caller's order, by number", params: orderNumberParams, response: { 200: paymentStatusBody, ...orderErrors } },
      handler: async (request) => paymentStatus(ctx, await requireUser(request), { number: request.params.number }),
    });
    zapp.get(paymentsPaths.id, {
      schema: { tags, summary: "The id and number of the caller's order", params: orderIdParams, response: { 200: orderRefBody, ...orderErrors } },
      handler: async (request) => orderRef(ctx, await requireUser(request), { id: request.params.id }),
    });
    zapp.get(paymentsPaths.idByNumber, {
      schema: { tags, summary: "The id of the caller's order with this number", params: orderNumberParams, response: { 200: orderRefBody, ...orderErrors } },
      handler: async (request) => orderRef(ctx, await requireUser(request), { number: request.params.number }),
    });
  });
});

/** Never cached, never passed on as a referrer: the address holds the token. */
function privatePage(reply: FastifyReply, request: FastifyRequest) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('vary', 'Cookie, Accept-Language').type('text/html; charset=utf-8');
  return pickLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/**
 * The test payment page (`dev` provider) at `/dev/pay?token=...`: a site page, not an API call, so the plugin
 * is not encapsulated and the API prefix does not reach it. Pay and Fail post back here and go through the
 * same notification handling as the real providers. Where the provider is off, the page does not exist.
 */
export const devPayRoutes = fp(
  async (root) => {
    const { ctx } = root;
    await root.register(async (scope) => {
      signedTextBodies(scope, 'application/x-www-form-urlencoded');
      // A post that can never succeed (unreadable, NUL bytes, another media type) shows the page's own refusal;
      // a failure of ours goes on to the site's error answer.
      scope.setErrorHandler(async (err: Error, request, reply) => {
        await drainUnreadBody(request);
        const status = failureStatus(err);
        logFailure(request, 'dev', status, err);
        if (status >= 500) throw err;
        return reply.status(status).send(devPayHtml(privatePage(reply, request), null, { kind: 'invalid' }));
      });
      const app = asZod(scope);
      app.get(devPayPath, { schema: { hide: true, querystring: z.object({ token: z.string().max(2000).default('') }) } }, async (request, reply) => {
        if (!devProviderAvailable(ctx.config)) return reply.callNotFound();
        const lang = privatePage(reply, request);
        const found = await devPageOrder(ctx, request.query.token);
        if (!found) {
          request.log.warn({ provider: 'dev', reason: 'token not genuine, expired, or not for this order' }, 'test payment link refused');
          return reply.status(403).send(devPayHtml(lang, null, { kind: 'invalid' }));
        }
        const { order } = found;
        if (devPayable(order)) return devPayHtml(lang, order, { kind: 'payable', token: request.query.token });
        if (order.status === 'paid' || order.status === 'fulfilled') return devPayHtml(lang, order, { kind: 'paid', returnPath: payReturnPath(order.number) });
        return devPayHtml(lang, order, { kind: 'closed' });
      });

      app.post(devPayPath, { schema: { hide: true } }, async (request, reply) => {
        if (!devProviderAvailable(ctx.config)) return reply.callNotFound();
        const lang = privatePage(reply, request);
        const result = await handleNotification(ctx, 'dev', { headers: request.headers, body: rawText(request), now: nowSeconds() }, request.log);
        if (!result.ok) return reply.status(result.status === 404 ? 404 : 403).send(devPayHtml(lang, null, { kind: 'invalid' }));
        const { order, verdict, outcome } = result;
        if (outcome === 'paid' || outcome === 'already_paid') return reply.status(303).header('location', payReturnPath(order.number)).send();
        if (outcome === 'recorded_for_refund') return devPayHtml(lang, order, { kind: 'refund' });
        // "Fail": nothing changes; the page says so, or what the order is now.
        if (verdict.kind === 'unpaid' && order.status === 'pending') return devPayHtml(lang, order, { kind: 'failed' });
        if (order.status === 'paid' || order.status === 'fulfilled') return devPayHtml(lang, order, { kind: 'paid', returnPath: payReturnPath(order.number) });
        return devPayHtml(lang, order, { kind: 'closed' });
      });
    });
  },
  { name: 'payments-dev-page' },
);
