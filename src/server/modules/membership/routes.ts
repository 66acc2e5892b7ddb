import { z } from 'zod';
import { errorBody, idParam, pageQuery } from '../../../shared/api/common.js';
import { LANGUAGE_COOKIE } from '../../../shared/constants.js';
import { pickLanguage, type Language } from '../../../shared/i18n/index.js';
import {
  enquiry,
  enquiryBody,
  enquiryList,
  extendBody,
  giftCode,
  giftCodeCreate,
  giftCodeList,
  giftCodeListQuery,
  giftCodesCreated,
  grantBody,
  grantResponse,
  membershipLanguageQuery,
  membershipPaths,
  meterTerms as meterTermsSchema,
  plan,
  planList,
  planPatch,
  planWrite,
  priceCard as priceCardSchema,
  product,
  productList,
  productListQuery,
  productPatch,
  productWrite,
  redeemBody,
  redeemResponse,
  subscription,
  userMembership,
  userMembershipList,
  userMembershipListQuery,
} from '../../../shared/api/membership.js';
import { getActor, requireStaff, requireUser, staffCreates, staffDeletes } from '../../platform/auth.js';
import { asZod, listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { listEnquiries, submitEnquiry } from './enquiry-service.js';
import { defineExpiryJob } from './expiry-job.js';
import { createGiftCodes, getGiftCode, listGiftCodes, redeemGiftCode, revokeGiftCode } from './gift-service.js';
import { endSubscription, extendSubscription, staffGrant } from './grant-service.js';
import { createPlan, createProduct, deletePlan, deleteProduct, getPlan, getProduct, listPlans, listProducts, meterTerms, priceCard, updatePlan, updateProduct } from './plan-service.js';
import { currentMembershipOf, getSubscription, getUserMembership, listUserMemberships, subscriptionOfUserMembership } from './service.js';

const tags = ['membership'];
const staffErrors = { 401: errorBody, 403: errorBody };
const noContent = z.null().describe('No content');

/**
 * Plans and prices (public), memberships and subscriptions (their owner and staff), grants and gift codes
 * (staff), redeeming a code (any logged-in user). Also defines the expiry job (run by one process of the site). Plan and product
 * names, descriptions and perks are answered in the reader's language (`lang`, else cookie, else Accept-Language).
 */
export const membershipRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  defineExpiryJob(ctx);

  // Plans

  app.get(membershipPaths.plans, {
    schema: { tags, summary: 'The membership plans', querystring: membershipLanguageQuery, response: { 200: planList } },
    handler: async (request, reply) => listPlans(ctx, requestLanguage(request, reply)),
  });

  app.post(membershipPaths.plans, {
    schema: { tags, summary: 'Create a plan (staff)', querystring: membershipLanguageQuery, body: planWrite, response: { 201: plan, 400: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffCreates(request, reply, (actor) => createPlan(ctx, actor, request.body, requestLanguage(request, reply))),
  });

  app.get(membershipPaths.meterTerms, {
    schema: { tags, summary: "The metered paywall's free premium reads a month, for guests and for logged-in non-members", response: { 200: meterTermsSchema } },
    handler: async () => meterTerms(ctx),
  });

  app.get(membershipPaths.plan, {
    schema: { tags, summary: 'A plan', params: idParam, querystring: membershipLanguageQuery, response: { 200: plan, 404: errorBody } },
    handler: async (request, reply) => getPlan(ctx, request.params.id, requestLanguage(request, reply)),
  });

  app.patch(membershipPaths.plan, {
    schema: { tags, summary: 'Change a plan (staff)', params: idParam, querystring: membershipLanguageQuery, body: planPatch, response: { 200: plan, 400: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => updatePlan(ctx, await requireStaff(request), request.params.id, request.body, requestLanguage(request, reply)),
  });

  app.delete(membershipPaths.plan, {
    schema: { tags, summary: 'Delete a plan without products or members (staff)', params: idParam, response: { 204: noContent, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffDeletes(request, reply, (actor) => deletePlan(ctx, actor, request.params.id)),
  });

  // Products

  app.get(membershipPaths.products, {
    schema: { tags, summary: 'What plans cost, per period', querystring: productListQuery, response: { 200: productList, 400: errorBody } },
    handler: async (request, reply) => {
      if (request.query.include_inactive) privateResponse(reply);
      return listProducts(ctx, await getActor(request), request.query, requestLanguage(request, reply));
    },
  });

  app.post(membershipPaths.products, {
    schema: { tags, summary: 'Create a product (staff)', querystring: membershipLanguageQuery, body: productWrite, response: { 201: product, 400: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffCreates(request, reply, (actor) => createProduct(ctx, actor, request.body, requestLanguage(request, reply))),
  });

  app.get(membershipPaths.product, {
    schema: { tags, summary: 'A product (inactive ones: staff)', params: idParam, querystring: membershipLanguageQuery, response: { 200: product, 404: errorBody } },
    handler: async (request, reply) => getProduct(ctx, await getActor(request), request.params.id, requestLanguage(request, reply)),
  });

  app.patch(membershipPaths.product, {
    schema: { tags, summary: 'Change a product (staff)', params: idParam, querystring: membershipLanguageQuery, body: productPatch, response: { 200: product, 400: errorBody, ...staffErrors } },
    handler: async (request, reply) => updateProduct(ctx, await requireStaff(request), request.params.id, request.body, requestLanguage(request, reply)),
  });

  app.delete(membershipPaths.product, {
    schema: { tags, summary: 'Delete a product never granted (staff)', params: idParam, response: { 204: noContent, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffDeletes(request, reply, (actor) => deleteProduct(ctx, actor, request.params.id)),
  });

  // Enquiries

  app.post(membershipPaths.enquiry, {
    schema: {
      tags,
      summary: 'Ask about membership (captcha required; throttled per address); mailed to staff',
      body: enquiryBody,
      response: { 201: enquiry, 400: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      privateResponse(reply);
      return reply.status(201).send(await submitEnquiry(ctx, await getActor(request), request.body, request.ip));
    },
  });

  app.get(membershipPaths.enquiry, {
    schema: { tags, summary: 'Member enquiries, newest first (staff)', querystring: pageQuery, response: { 200: enquiryList, ...staffErrors } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return listAnswer(request, ctx.config.publicUrl, await listEnquiries(ctx, await requireStaff(request), request.query));
    },
  });

  app.get(membershipPaths.productMembership, {
    schema: { tags, summary: 'The price card: every plan with its products on sale', querystring: membershipLanguageQuery, response: { 200: priceCardSchema } },
    handler: async (request, reply) => priceCard(ctx, requestLanguage(request, reply)),
  });

  // Memberships and subscriptions (owner or staff)

  app.register(async (owned) => {
    owned.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(owned);

    zapp.get(membershipPaths.userMemberships, {
      schema: {
        tags,
        summary: "The caller's memberships; staff: every member, filtered by plan, active, expiring_before",
        querystring: userMembershipListQuery,
        response: { 200: userMembershipList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      handler: async (request, reply) => listAnswer(request, ctx.config.publicUrl, await listUserMemberships(ctx, await requireUser(request), request.query, requestLanguage(request, reply))),
    });

    /**
     * A read for the record's owner and staff (anyone else gets 404): the id in the path, the caller from the
     * token, the plan's name in the reader's language.
     */
    const ownedRead = <T>(
      path: string,
      summary: string,
      response: z.ZodType<T>,
      read: (actor: Awaited<ReturnType<typeof requireUser>>, id: number, lang: Language) => Promise<T>,
    ) =>
      zapp.get(path, {
        schema: { tags, summary: `${summary} (owner or staff)`, params: idParam, querystring: membershipLanguageQuery, response: { 200: response, 401: errorBody, 404: errorBody } },
        handler: async (request, reply) => read(await requireUser(request), request.params.id, requestLanguage(request, reply)),
      });

    ownedRead(membershipPaths.userMembership, 'A user membership', userMembership, (actor, id, lang) => getUserMembership(ctx, actor, id, lang));
    ownedRead(membershipPaths.userMembershipOfUser, "A user's current membership", userMembership, (actor, id, lang) => currentMembershipOf(ctx, actor, id, lang));
    ownedRead(membershipPaths.subscription, 'A subscription', subscription, (actor, id) => getSubscription(ctx, actor, id));
    ownedRead(membershipPaths.subscriptionOfUserMembership, 'The subscription of a user membership', subscription, (actor, id) =>
      subscriptionOfUserMembership(ctx, actor, id),
    );

    zapp.post(membershipPaths.grant, {
      schema: { tags, summary: "Grant a product's period to a user (staff; once per reference: a repeated reference is a 409)", body: grantBody, response: { 200: grantResponse, 400: errorBody, 409: errorBody, ...staffErrors } },
      handler: async (request) => staffGrant(ctx, await requireStaff(request), request.body),
    });

    zapp.post(membershipPaths.extend, {
      schema: { tags, summary: 'Extend a subscription from the later of now and its end (staff)', params: idParam, body: extendBody, response: { 200: subscription, 400: errorBody, 404: errorBody, ...staffErrors } },
      handler: async (request) => extendSubscription(ctx, await requireStaff(request), request.params.id, request.body),
    });

    zapp.post(membershipPaths.end, {
      schema: { tags, summary: 'End a subscription now (staff)', params: idParam, response: { 200: subscription, 404: errorBody, 409: errorBody, ...staffErrors } },
      handler: async (request) => endSubscription(ctx, await requireStaff(request), request.params.id),
    });

    // Gift codes

    zapp.get(membershipPaths.giftCodes, {
      schema: { tags, summary: 'Gift codes (staff)', querystring: giftCodeListQuery, response: { 200: giftCodeList, ...staffErrors } },
      handler: async (request) => listAnswer(request, ctx.config.publicUrl, await listGiftCodes(ctx, await requireStaff(request), request.query)),
    });

    zapp.post(membershipPaths.giftCodes, {
      schema: { tags, summary: 'Create gift codes for a product (staff); the codes are shown only here', body: giftCodeCreate, response: { 201: giftCodesCreated, 400: errorBody, ...staffErrors } },
      handler: async (request, reply) => staffCreates(request, reply, (actor) => createGiftCodes(ctx, actor, request.body)),
    });

    zapp.get(membershipPaths.giftCode, {
      schema: { tags, summary: 'A gift code (staff)', params: idParam, response: { 200: giftCode, 404: errorBody, ...staffErrors } },
      handler: async (request) => getGiftCode(ctx, await requireStaff(request), request.params.id),
    });

    zapp.delete(membershipPaths.giftCode, {
      schema: { tags, summary: 'Revoke an unredeemed gift code (staff)', params: idParam, response: { 204: noContent, 404: errorBody, 409: errorBody, ...staffErrors } },
      handler: async (request, reply) => staffDeletes(request, reply, (actor) => revokeGiftCode(ctx, actor, request.params.id)),
    });

    zapp.post(membershipPaths.redeem, {
      schema: { tags, summary: 'Redeem a gift code for the caller (a used code: 409)', body: redeemBody, response: { 200: redeemResponse, 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody } },
      handler: async (request) => {
        const actor = await requireUser(request);
        const language = pickLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
        return { subscription: await redeemGiftCode(ctx, actor, request.body.code, { ip: request.ip, language }) };
      },
    });
  });
});
