import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/api/common.js';
import {
  OP_ID_HEADER,
  addProductBody,
  basket,
  basketLine,
  basketLineChanged,
  basketLineList,
  basketList,
  basketListQuery,
  basketPatch,
  basketWrite,
  chooseShippingBody,
  lineAttribute,
  lineAttributeParams,
  lineAttributePatch,
  lineAttributeWrite,
  lineParams,
  linePatch,
  lineWrite,
  opHeaders,
  shippingMethodList,
  shippingMethodsQuery,
  shopLanguageQuery,
  shopPaths,
  voucherCodeBody,
} from '../../../shared/api/shop.js';
import { requireUser } from '../../platform/auth.js';
import { asZod, listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { createLine, deleteLine, getLine, getLineAttribute, listLines, updateLine, updateLineAttribute } from './basket-lines-service.js';
import { addProduct, addVoucher, basketShippingMethods, chooseShipping, deleteBasket, getBasket, listBaskets, ownBasket, removeVoucher, updateBasket } from './basket-service.js';
import type { OpAnswer, OpRequest } from './ops.js';

const tags = ['shop'];
const noContent = z.null().describe('No content');
const userErrors = { 401: errorBody, 404: errorBody };
const changeErrors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

/** The change as sent: its operation id (the `Idempotency-Key` header) and what identifies it. */
const opOf = (request: FastifyRequest): OpRequest => ({
  opId: (request.headers as Record<string, string | undefined>)[OP_ID_HEADER],
  method: request.method,
  url: request.url,
  body: request.body ?? null,
});

const send = (reply: FastifyReply, answer: OpAnswer) => reply.status(answer.status).send(answer.body);

/**
 * Baskets: the caller's own open basket and its shortcuts (add a product, a voucher, choose shipping), and
 * every basket by id for its owner and staff (anyone else gets 404). Every change takes an operation id in
 * `Idempotency-Key`; a repeat answers what the first answered and changes nothing. Shipping methods are named
 * in the reader's language (`lang`, else cookie, else Accept-Language).
 */
export const basketRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.register(async (owned) => {
    owned.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(owned);

    zapp.get(shopPaths.basket, {
      schema: { tags, summary: "The caller's open basket, created on first use; `corrections` lists what the server changed", querystring: shopLanguageQuery, response: { 200: basket, 401: errorBody } },
      handler: async (request, reply) => ownBasket(ctx, await requireUser(request), requestLanguage(request, reply)),
    });

    zapp.post(shopPaths.basketAddProduct, {
      schema: { tags, summary: 'Add a product to the basket; more than in stock is clamped, with a correction', querystring: shopLanguageQuery, headers: opHeaders, body: addProductBody, response: { 200: basket, ...changeErrors } },
      handler: async (request, reply) => send(reply, await addProduct(ctx, await requireUser(request), request.body, opOf(request), requestLanguage(request, reply))),
    });

    zapp.post(shopPaths.basketAddVoucher, {
      schema: { tags, summary: 'Apply a voucher to the basket (checked: dates, limits, range, minimum spend)', querystring: shopLanguageQuery, headers: opHeaders, body: voucherCodeBody, response: { 200: basket, ...changeErrors } },
      handler: async (request, reply) => send(reply, await addVoucher(ctx, await requireUser(request), request.body.vouchercode, opOf(request), requestLanguage(request, reply))),
    });

    zapp.post(shopPaths.basketRemoveVoucher, {
      schema: { tags, summary: 'Take a voucher off the basket', querystring: shopLanguageQuery, headers: opHeaders, body: voucherCodeBody, response: { 200: basket, ...changeErrors } },
      handler: async (request, reply) => send(reply, await removeVoucher(ctx, await requireUser(request), request.body.vouchercode, opOf(request), requestLanguage(request, reply))),
    });

    zapp.get(shopPaths.basketShippingMethods, {
      schema: { tags, summary: 'The shipping methods for the basket and a country (default: the basket’s), priced for it', querystring: shippingMethodsQuery, response: { 200: shippingMethodList, 400: errorBody, 401: errorBody } },
      handler: async (request, reply) => basketShippingMethods(ctx, await requireUser(request), request.query.country, requestLanguage(request, reply)),
    });

    zapp.post(shopPaths.basketShippingMethods, {
      schema: { tags, summary: 'Choose the shipping country and method of the basket', querystring: shopLanguageQuery, headers: opHeaders, body: chooseShippingBody, response: { 200: basket, ...changeErrors } },
      handler: async (request, reply) => send(reply, await chooseShipping(ctx, await requireUser(request), request.body, opOf(request), requestLanguage(request, reply))),
    });

    zapp.get(shopPaths.baskets, {
      schema: { tags, summary: "The caller's baskets; staff: every basket (filter by owner, status)", querystring: basketListQuery, response: { 200: basketList, 400: errorBody, 401: errorBody, 403: errorBody } },
      handler: async (request) => listAnswer(request, ctx.config.publicUrl, await listBaskets(ctx, await requireUser(request), request.query)),
    });

    zapp.get(shopPaths.basketById, {
      schema: { tags, summary: 'A basket (owner or staff)', params: idParam, querystring: shopLanguageQuery, response: { 200: basket, ...userErrors } },
      handler: async (request, reply) => getBasket(ctx, await requireUser(request), request.params.id, requestLanguage(request, reply)),
    });

    for (const method of ['put', 'patch'] as const) {
      const whole = method === 'put';
      zapp[method](shopPaths.basketById, {
        schema: {
          tags,
          summary: whole ? 'Set the shipping country and method of a basket (owner or staff)' : 'Change the shipping country or method of a basket (owner or staff)',
          params: idParam,
          querystring: shopLanguageQuery,
          headers: opHeaders,
          body: whole ? basketWrite : basketPatch,
          response: { 200: basket, ...changeErrors },
        },
        handler: async (request, reply) => send(reply, await updateBasket(ctx, await requireUser(request), request.params.id, request.body, opOf(request), requestLanguage(request, reply))),
      });
    }

    zapp.delete(shopPaths.basketById, {
      schema: { tags, summary: 'Delete a basket and its lines (owner or staff); the next `basket` call opens a new one', params: idParam, headers: opHeaders, response: { 204: noContent, ...changeErrors } },
      handler: async (request, reply) => send(reply, await deleteBasket(ctx, await requireUser(request), request.params.id, opOf(request))),
    });

    // Lines

    zapp.get(shopPaths.lines, {
      schema: { tags, summary: "A basket's lines (owner or staff)", params: idParam, response: { 200: basketLineList, ...userErrors } },
      handler: async (request) => listLines(ctx, await requireUser(request), request.params.id),
    });

    zapp.post(shopPaths.lines, {
      schema: { tags, summary: 'Add a product to a basket (to its line when it has one); answers the line', params: idParam, headers: opHeaders, body: addProductBody, response: { 201: basketLineChanged, ...changeErrors } },
      handler: async (request, reply) => send(reply, await createLine(ctx, await requireUser(request), request.params.id, request.body, opOf(request))),
    });

    zapp.get(shopPaths.line, {
      schema: { tags, summary: 'A basket line (owner or staff)', params: lineParams, response: { 200: basketLine, ...userErrors } },
      handler: async (request) => getLine(ctx, await requireUser(request), request.params.id, request.params.line_id),
    });

    for (const method of ['put', 'patch'] as const) {
      zapp[method](shopPaths.line, {
        schema: {
          tags,
          summary: 'Change the quantity of a line; more than in stock is clamped, with a correction',
          params: lineParams,
          headers: opHeaders,
          body: method === 'put' ? lineWrite : linePatch,
          response: { 200: basketLineChanged, ...changeErrors },
        },
        handler: async (request, reply) =>
          send(reply, await updateLine(ctx, await requireUser(request), request.params.id, request.params.line_id, request.body.quantity, opOf(request))),
      });
    }

    zapp.delete(shopPaths.line, {
      schema: { tags, summary: 'Remove a line from a basket', params: lineParams, headers: opHeaders, response: { 204: noContent, ...changeErrors } },
      handler: async (request, reply) => send(reply, await deleteLine(ctx, await requireUser(request), request.params.id, request.params.line_id, opOf(request))),
    });

    // Line attributes

    zapp.get(shopPaths.lineAttribute, {
      schema: { tags, summary: 'An option value of a basket line', params: lineAttributeParams, response: { 200: lineAttribute, ...userErrors } },
      handler: async (request) => getLineAttribute(ctx, await requireUser(request), request.params.id, request.params.line_id, request.params.attribute_id),
    });

    for (const method of ['put', 'patch'] as const) {
      zapp[method](shopPaths.lineAttribute, {
        schema: {
          tags,
          summary: 'Change an option value of a basket line',
          params: lineAttributeParams,
          headers: opHeaders,
          body: method === 'put' ? lineAttributeWrite : lineAttributePatch,
          response: { 200: lineAttribute, ...changeErrors },
        },
        handler: async (request, reply) =>
          send(
            reply,
            await updateLineAttribute(ctx, await requireUser(request), request.params.id, request.params.line_id, request.params.attribute_id, request.body.value, opOf(request)),
          ),
      });
    }
  });
});
