import { z } from 'zod';
import { errorBody, idParam, pageQuery } from '../../../shared/api/common.js';
import {
  shippingMethodAdmin,
  shippingMethodAdminList,
  shippingMethodPatch,
  shippingMethodWrite,
  shopPaths,
  voucher,
  voucherList,
  voucherPatch,
  voucherWrite,
} from '../../../shared/api/shop.js';
import { asStaff, staffCreates, staffDeletes } from '../../platform/auth.js';
import { asZod, listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import {
  createShippingMethod,
  createVoucher,
  deleteShippingMethod,
  deleteVoucher,
  getShippingMethod,
  getVoucher,
  listShippingMethods,
  listVouchers,
  updateShippingMethod,
  updateVoucher,
} from './offers-service.js';

const tags = ['shop'];
const noContent = z.null().describe('No content');
const staffErrors = { 401: errorBody, 403: errorBody };

/** Vouchers and shipping methods as staff manage them (shoppers meet them through their basket). */
export const offerRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.register(async (staff) => {
    staff.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(staff);

    zapp.get(shopPaths.vouchers, {
      schema: { tags, summary: 'Vouchers, newest first (staff)', querystring: pageQuery, response: { 200: voucherList, 400: errorBody, ...staffErrors } },
      handler: async (request) => asStaff(request, async () => listAnswer(request, ctx.config.publicUrl, await listVouchers(ctx, request.query))),
    });

    zapp.post(shopPaths.vouchers, {
      schema: { tags, summary: 'Create a voucher (staff); codes are stored upper-case', body: voucherWrite, response: { 201: voucher, 400: errorBody, 409: errorBody, ...staffErrors } },
      handler: async (request, reply) => staffCreates(request, reply, () => createVoucher(ctx, request.body)),
    });

    zapp.get(shopPaths.voucher, {
      schema: { tags, summary: 'A voucher (staff)', params: idParam, response: { 200: voucher, 404: errorBody, ...staffErrors } },
      handler: async (request) => asStaff(request, () => getVoucher(ctx, request.params.id)),
    });

    zapp.patch(shopPaths.voucher, {
      schema: { tags, summary: 'Change a voucher (staff)', params: idParam, body: voucherPatch, response: { 200: voucher, 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors } },
      handler: async (request) => asStaff(request, () => updateVoucher(ctx, request.params.id, request.body)),
    });

    zapp.delete(shopPaths.voucher, {
      schema: { tags, summary: 'Delete a voucher never used (staff)', params: idParam, response: { 204: noContent, 404: errorBody, 409: errorBody, ...staffErrors } },
      handler: async (request, reply) => staffDeletes(request, reply, () => deleteVoucher(ctx, request.params.id)),
    });

    zapp.get(shopPaths.shippingMethods, {
      schema: { tags, summary: 'Shipping methods with their countries (staff)', response: { 200: shippingMethodAdminList, ...staffErrors } },
      handler: async (request) => asStaff(request, () => listShippingMethods(ctx)),
    });

    zapp.post(shopPaths.shippingMethods, {
      schema: {
        tags,
        summary: 'Create a shipping method (staff); `translations` holds its name and description in other languages',
        body: shippingMethodWrite,
        response: { 201: shippingMethodAdmin, 400: errorBody, 409: errorBody, ...staffErrors },
      },
      handler: async (request, reply) => staffCreates(request, reply, () => createShippingMethod(ctx, request.body)),
    });

    zapp.get(shopPaths.shippingMethod, {
      schema: { tags, summary: 'A shipping method (staff)', params: idParam, response: { 200: shippingMethodAdmin, 404: errorBody, ...staffErrors } },
      handler: async (request) => asStaff(request, () => getShippingMethod(ctx, request.params.id)),
    });

    zapp.patch(shopPaths.shippingMethod, {
      schema: {
        tags,
        summary: 'Change a shipping method; `countries` replaces its countries, `translations` its other languages (staff)',
        params: idParam,
        body: shippingMethodPatch,
        response: { 200: shippingMethodAdmin, 400: errorBody, 404: errorBody, 409: errorBody, ...staffErrors },
      },
      handler: async (request) => asStaff(request, () => updateShippingMethod(ctx, request.params.id, request.body)),
    });

    zapp.delete(shopPaths.shippingMethod, {
      schema: { tags, summary: 'Delete a shipping method (staff); baskets that chose it choose again', params: idParam, response: { 204: noContent, 404: errorBody, ...staffErrors } },
      handler: async (request, reply) => staffDeletes(request, reply, () => deleteShippingMethod(ctx, request.params.id)),
    });
  });
});
