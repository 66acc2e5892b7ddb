import { z } from 'zod';
import { API_PREFIX, errorBody, idParam } from '../../../shared/api/common.js';
import {
  availability,
  countryList,
  country as countrySchema,
  countryParams,
  option,
  optionList,
  optionWrite,
  price,
  productCard,
  productDetail,
  productList,
  productListQuery,
  productPatch,
  productWrite,
  range,
  rangeList,
  rangePatch,
  rangeWrite,
  searchParams,
  searchQuery,
  shopCategory,
  shopCategoryList,
  shopCategoryPatch,
  shopCategoryWrite,
  shopLanguageQuery,
  shopPaths,
  shopRoot,
  stockRecord,
  stockRecordList,
  stockRecordParams,
  stockRecordPatch,
  stockRecordWrite,
} from '../../../shared/api/shop.js';
import { getActor, requireStaff, staffCreates, staffDeletes } from '../../platform/auth.js';
import { listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { requestLanguage } from '../../platform/request-language.js';
import { courseBanner, createProduct, deleteProduct, getProduct, listProducts, productAvailability, productPrice, updateProduct } from './catalogue-service.js';
import { createCategory, createOption, deleteCategory, getCategory, getOption, listCategories, listOptions, updateCategory } from './category-service.js';
import { getCountry, listCountries } from './country-service.js';
import { createRange, deleteRange, getRange, listRanges, updateRange } from './range-service.js';
import { noContent, registerStaffSet, staffErrors } from './staff-set-routes.js';
import { createStockRecord, deleteStockRecord, getStockRecord, listStockRecords, updateStockRecord } from './stock-service.js';

const tags = ['shop'];

/** The oscar-api names of the shop's calls; a path with parameters is left out of the root, as there. */
const ROOT_LINKS: Record<string, string> = {
  basket: shopPaths.basket,
  'basket-add-product': shopPaths.basketAddProduct,
  'basket-add-voucher': shopPaths.basketAddVoucher,
  'basket-remove-voucher': shopPaths.basketRemoveVoucher,
  'basket-shipping-methods': shopPaths.basketShippingMethods,
  baskets: shopPaths.baskets,
  categories: shopPaths.categories,
  countries: shopPaths.countries,
  options: shopPaths.options,
  products: shopPaths.products,
  ranges: shopPaths.ranges,
  useraddresses: shopPaths.userAddresses,
  course_banner: shopPaths.courseBanner,
};

/**
 * The catalogue: public reads (withdrawn products and their stock for staff) and staff writes. Product
 * categories' names and descriptions and product options' names, wherever an answer shows them, are in the
 * reader's language (`lang`, else the cookie, else Accept-Language, with Vary); product titles are not translated.
 */
export const catalogueRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(shopPaths.root, {
    schema: { tags, summary: "The shop's calls by name (absolute URLs)", response: { 200: shopRoot } },
    handler: async () => Object.fromEntries(Object.entries(ROOT_LINKS).map(([name, path]) => [name, `${ctx.config.publicUrl}${API_PREFIX}${path}`])),
  });

  // Products

  app.get(shopPaths.products, {
    schema: { tags, summary: 'Products by category, search text and class; withdrawn ones for staff', querystring: productListQuery, response: { 200: productList, 400: errorBody } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (actor) privateResponse(reply);
      return listAnswer(request, ctx.config.publicUrl, await listProducts(ctx, actor, request.query, requestLanguage(request, reply)));
    },
  });

  app.post(shopPaths.products, {
    schema: { tags, summary: 'Create a product (staff)', querystring: shopLanguageQuery, body: productWrite, response: { 201: productDetail, 400: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffCreates(request, reply, (actor) => createProduct(ctx, actor, request.body, requestLanguage(request, reply))),
  });

  app.get(shopPaths.search, {
    schema: { tags, summary: 'Products whose title or description contains the query', params: searchParams, querystring: searchQuery, response: { 200: productList, 400: errorBody } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (actor) privateResponse(reply);
      return listAnswer(request, ctx.config.publicUrl, await listProducts(ctx, actor, { ...request.query, q: request.params.query }, requestLanguage(request, reply)));
    },
  });

  app.get(shopPaths.courseBanner, {
    schema: { tags, summary: 'Course products flagged for the banner', querystring: shopLanguageQuery, response: { 200: z.array(productCard), 400: errorBody } },
    handler: async (request, reply) => courseBanner(ctx, requestLanguage(request, reply)),
  });

  app.get(shopPaths.product, {
    schema: {
      tags,
      summary: 'A product with its price, availability, options and stock records',
      params: idParam,
      querystring: shopLanguageQuery,
      response: { 200: productDetail, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (actor) privateResponse(reply);
      return getProduct(ctx, actor, request.params.id, requestLanguage(request, reply));
    },
  });

  app.patch(shopPaths.product, {
    schema: {
      tags,
      summary: 'Change a product (staff); is_public false withdraws it',
      params: idParam,
      querystring: shopLanguageQuery,
      body: productPatch,
      response: { 200: productDetail, 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors },
    },
    handler: async (request, reply) => updateProduct(ctx, await requireStaff(request), request.params.id, request.body, requestLanguage(request, reply)),
  });

  app.delete(shopPaths.product, {
    schema: { tags, summary: 'Delete a product that no basket holds (staff)', params: idParam, response: { 204: noContent, 404: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffDeletes(request, reply, () => deleteProduct(ctx, request.params.id)),
  });

  app.get(shopPaths.availability, {
    schema: { tags, summary: "A product's availability", params: idParam, response: { 200: availability, 404: errorBody } },
    handler: async (request) => productAvailability(ctx, await getActor(request), request.params.id),
  });

  app.get(shopPaths.price, {
    schema: { tags, summary: "A product's price (404 when it has none)", params: idParam, response: { 200: price, 404: errorBody } },
    handler: async (request) => productPrice(ctx, await getActor(request), request.params.id),
  });

  // Stock records

  app.get(shopPaths.stockRecords, {
    schema: { tags, summary: "A product's stock records", params: idParam, response: { 200: stockRecordList, 404: errorBody } },
    handler: async (request) => listStockRecords(ctx, await getActor(request), request.params.id),
  });

  app.post(shopPaths.stockRecords, {
    schema: { tags, summary: 'Add a stock record to a physical product (staff)', params: idParam, body: stockRecordWrite, response: { 201: stockRecord, 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffCreates(request, reply, (actor) => createStockRecord(ctx, actor, request.params.id, request.body)),
  });

  app.get(shopPaths.stockRecord, {
    schema: { tags, summary: 'A stock record', params: stockRecordParams, response: { 200: stockRecord, 404: errorBody } },
    handler: async (request) => getStockRecord(ctx, await getActor(request), request.params.id, request.params.stockrecord_id),
  });

  app.patch(shopPaths.stockRecord, {
    schema: { tags, summary: 'Change a stock record: price, stock (staff)', params: stockRecordParams, body: stockRecordPatch, response: { 200: stockRecord, 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request) => updateStockRecord(ctx, await requireStaff(request), request.params.id, request.params.stockrecord_id, request.body),
  });

  app.delete(shopPaths.stockRecord, {
    schema: { tags, summary: 'Delete a stock record no order holds (staff)', params: stockRecordParams, response: { 204: noContent, 404: errorBody, 409: errorBody, ...staffErrors } },
    handler: async (request, reply) => staffDeletes(request, reply, (actor) => deleteStockRecord(ctx, actor, request.params.id, request.params.stockrecord_id)),
  });

  // Product categories (`categories` are the articles') and ranges

  registerStaffSet(app, {
    tags,
    paths: { list: shopPaths.categories, item: shopPaths.category },
    summaries: {
      list: 'Product categories, with breadcrumbs and children',
      create: 'Create a product category (staff); `translations` holds its name and description in other languages',
      get: 'A product category',
      change: 'Change a product category; `translations` replaces its other languages (staff)',
      delete: 'Delete an empty product category (staff)',
    },
    translated: true,
    schemas: { item: shopCategory, list: shopCategoryList, write: shopCategoryWrite, patch: shopCategoryPatch },
    service: { list: listCategories, create: createCategory, get: getCategory, update: updateCategory, remove: deleteCategory },
  });

  registerStaffSet(app, {
    tags,
    paths: { list: shopPaths.ranges, item: shopPaths.range },
    summaries: {
      list: 'Ranges: the product sets vouchers apply to',
      create: 'Create a range (staff)',
      get: 'A range',
      change: 'Change a range; `products` replaces its products (staff)',
      delete: 'Delete a range no voucher uses (staff)',
    },
    translated: false,
    schemas: { item: range, list: rangeList, write: rangeWrite, patch: rangePatch },
    service: { list: listRanges, create: createRange, get: getRange, update: updateRange, remove: deleteRange },
  });

  // Options and countries

  app.get(shopPaths.options, {
    schema: { tags, summary: 'Product options (values a shopper gives with a product)', querystring: shopLanguageQuery, response: { 200: optionList, 400: errorBody } },
    handler: async (request, reply) => listOptions(ctx, requestLanguage(request, reply)),
  });

  app.post(shopPaths.options, {
    schema: {
      tags,
      summary: 'Create a product option (staff); `translations` holds its name in other languages',
      querystring: shopLanguageQuery,
      body: optionWrite,
      response: { 201: option, 400: errorBody, 409: errorBody, ...staffErrors },
    },
    handler: async (request, reply) => staffCreates(request, reply, () => createOption(ctx, request.body, requestLanguage(request, reply))),
  });

  app.get(shopPaths.option, {
    schema: { tags, summary: 'A product option', params: idParam, querystring: shopLanguageQuery, response: { 200: option, 400: errorBody, 404: errorBody } },
    handler: async (request, reply) => getOption(ctx, request.params.id, requestLanguage(request, reply)),
  });

  app.get(shopPaths.countries, {
    schema: { tags, summary: 'Countries (ISO 3166-1), in display order', response: { 200: countryList } },
    handler: async () => listCountries(ctx),
  });

  app.get(shopPaths.country, {
    schema: { tags, summary: 'A country by its two-letter code', params: countryParams, response: { 200: countrySchema, 400: errorBody, 404: errorBody } },
    handler: async (request) => getCountry(ctx, request.params.code),
  });
});
