import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { LANGUAGE_COOKIE } from '../../../shared/constants.js';
import { pickLanguage, type Language } from '../../../shared/i18n/index.js';
import { OP_ID_HEADER } from '../../../shared/api/shop-paths.js';
import {
  checkoutBody,
  downloadQuery,
  myOrderQuery,
  order,
  orderHeaders,
  orderLine,
  orderLineAttribute,
  orderLineAttributeList,
  orderLineAttributeListQuery,
  orderLineList,
  orderLineListQuery,
  orderList,
  orderListQuery,
  ordersPaths,
  quickBasket,
  quickBasketBody,
  quickCheckoutBody,
  refundBody,
} from '../../../shared/api/orders.js';
import { z } from 'zod';
import { requireStaff, requireUser } from '../../platform/auth.js';
import { attachmentHeader } from '../../platform/attachment.js';
import { asZod, listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { openDownload } from './downloads.js';
import type { Answer, KeyedRequest } from './idempotency.js';
import { defineOrderJob } from './order-job.js';
import { checkout, quickCheckout, quickCreateBasket, quickCreateOrder } from './checkout-service.js';
import { cancelOrder, fulfilOrder } from './lifecycle-service.js';
import { getOrder, getOrderLine, getOrderLineAttribute, linesOfOrder, listOrderLineAttributes, listOrderLines, listOrders, myOrders } from './service.js';
import { refundOrder } from './refund-service.js';

const tags = ['orders'];
const readErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
const writeErrors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };
const staffErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The write as sent: its `Idempotency-Key` and what identifies it. */
const keyOf = (request: FastifyRequest): KeyedRequest => ({
  key: (request.headers as Record<string, string | undefined>)[OP_ID_HEADER],
  method: request.method,
  url: request.url,
  body: request.body ?? null,
});

const languageOf = (request: FastifyRequest): Language => pickLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);

const send = (reply: FastifyReply, answer: Answer) => reply.status(answer.status).send(answer.body);

/**
 * Checkout and orders. Every call needs a login (a download needs its signed link instead); an order, its lines
 * and their attributes answer the owner and staff (others get 404); fulfil and refund are staff calls, cancel the buyer's or staff's. Every write takes an
 * `Idempotency-Key`: a repeat answers what the first answered and changes nothing. Also defines the order job
 * (expiring unpaid orders, releasing lapsed stock holds, finishing paid orders).
 */
export const ordersRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  defineOrderJob(ctx);
  app.register(async (scoped) => {
    scoped.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(scoped);

    zapp.post(ordersPaths.checkout, {
      schema: {
        tags,
        summary: 'Order a basket: prices frozen, stock held for `reserved_until`, the voucher used, the basket closed; pay before `expires_at`',
        headers: orderHeaders,
        body: checkoutBody,
        response: { 201: order, ...writeErrors },
      },
      handler: async (request, reply) => send(reply, await checkout(ctx, await requireUser(request), request.body, languageOf(request), keyOf(request))),
    });

    zapp.post(ordersPaths.quickCheckout, {
      schema: { tags, summary: 'Buy one product now (a shop product, a membership product or a course product), without a basket', headers: orderHeaders, body: quickCheckoutBody, response: { 201: order, ...writeErrors } },
      handler: async (request, reply) => send(reply, await quickCheckout(ctx, await requireUser(request), request.body, languageOf(request), keyOf(request))),
    });

    zapp.post(ordersPaths.quickCreateBasket, {
      schema: { tags, summary: "A basket of one product, apart from the caller's open basket, to order with quick_create_order", headers: orderHeaders, body: quickBasketBody, response: { 201: quickBasket, ...writeErrors } },
      handler: async (request, reply) => send(reply, await quickCreateBasket(ctx, await requireUser(request), request.body, keyOf(request))),
    });

    zapp.post(ordersPaths.quickCreateOrder, {
      schema: { tags, summary: 'Order a basket made by quick_create_basket', headers: orderHeaders, body: checkoutBody, response: { 201: order, ...writeErrors } },
      handler: async (request, reply) => send(reply, await quickCreateOrder(ctx, await requireUser(request), request.body, languageOf(request), keyOf(request))),
    });

    zapp.get(ordersPaths.orders, {
      schema: { tags, summary: "The caller's orders, newest first; staff: every order (filters: user, status, number, payment_method, placed_after, placed_before)", querystring: orderListQuery, response: { 200: orderList, 400: errorBody, 401: errorBody, 403: errorBody } },
      handler: async (request) => listAnswer(request, ctx.config.publicUrl, await listOrders(ctx, await requireUser(request), request.query)),
    });

    zapp.get(ordersPaths.myOrder, {
      schema: { tags, summary: "The caller's own orders, newest first (query: status, page)", querystring: myOrderQuery, response: { 200: orderList, 400: errorBody, 401: errorBody } },
      handler: async (request) => listAnswer(request, ctx.config.publicUrl, await myOrders(ctx, await requireUser(request), request.query)),
    });

    zapp.get(ordersPaths.order, {
      schema: { tags, summary: 'An order with its lines (owner or staff)', params: idParam, response: { 200: order, ...readErrors } },
      handler: async (request) => getOrder(ctx, await requireUser(request), request.params.id),
    });

    zapp.get(ordersPaths.orderLines, {
      schema: { tags, summary: "An order's lines (owner or staff)", params: idParam, response: { 200: z.array(orderLine), ...readErrors } },
      handler: async (request) => linesOfOrder(ctx, await requireUser(request), request.params.id),
    });

    zapp.get(ordersPaths.orderlines, {
      schema: { tags, summary: "Lines of the caller's orders (staff: every order's), newest first; `order` filters", querystring: orderLineListQuery, response: { 200: orderLineList, ...readErrors } },
      handler: async (request) => listAnswer(request, ctx.config.publicUrl, await listOrderLines(ctx, await requireUser(request), request.query)),
    });

    zapp.get(ordersPaths.orderline, {
      schema: { tags, summary: 'An order line (owner or staff)', params: idParam, response: { 200: orderLine, ...readErrors } },
      handler: async (request) => getOrderLine(ctx, await requireUser(request), request.params.id),
    });

    zapp.get(ordersPaths.orderlineDownload, {
      schema: {
        tags,
        summary: "The file of a paid order's digital product, by the signed link the order gives (`download_url`; no login): 403 when the link is altered or expired, or the order is no longer paid",
        params: idParam,
        querystring: downloadQuery,
      },
      handler: async (request, reply) => {
        const file = await openDownload(ctx, request.url.split('?')[0], request.params.id, request.query.exp, request.query.sig);
        return reply
          .type(file.content_type)
          .header('content-length', file.bytes)
          .header('content-disposition', attachmentHeader(file.file_name))
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    });

    zapp.get(ordersPaths.orderlineattributes, {
      schema: { tags, summary: "Option values of the caller's order lines (staff: every line's); `line` filters", querystring: orderLineAttributeListQuery, response: { 200: orderLineAttributeList, ...readErrors } },
      handler: async (request) => listAnswer(request, ctx.config.publicUrl, await listOrderLineAttributes(ctx, await requireUser(request), request.query)),
    });

    zapp.get(ordersPaths.orderlineattribute, {
      schema: { tags, summary: 'An option value of an order line (owner or staff)', params: idParam, response: { 200: orderLineAttribute, ...readErrors } },
      handler: async (request) => getOrderLineAttribute(ctx, await requireUser(request), request.params.id),
    });

    zapp.post(ordersPaths.orderFulfil, {
      schema: { tags, summary: 'Mark a paid order fulfilled (staff)', params: idParam, headers: orderHeaders, response: { 200: order, ...staffErrors } },
      handler: async (request, reply) => send(reply, await fulfilOrder(ctx, await requireStaff(request), request.params.id, keyOf(request))),
    });

    zapp.post(ordersPaths.orderCancel, {
      schema: { tags, summary: 'Cancel an unpaid order (its buyer or staff): its held stock and voucher use go back', params: idParam, headers: orderHeaders, response: { 200: order, ...staffErrors } },
      handler: async (request, reply) => send(reply, await cancelOrder(ctx, await requireUser(request), request.params.id, keyOf(request))),
    });

    zapp.post(ordersPaths.orderRefund, {
      schema: {
        tags,
        summary:
          "Refund a paid or fulfilled order through the provider that took the money, or the payments that reached a cancelled or expired order (staff); takes back the order's memberships and courses. 502 when the provider refuses, 409 while it is still processing: the order is unchanged",
        params: idParam,
        headers: orderHeaders,
        body: refundBody,
        response: { 200: order, ...staffErrors, 502: errorBody },
      },
      handler: async (request, reply) => send(reply, await refundOrder(ctx, await requireStaff(request), request.params.id, request.body, keyOf(request))),
    });
  });
});
