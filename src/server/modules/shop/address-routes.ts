import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/api/common.js';
import { shopPaths, userAddress, userAddressList, userAddressPatch, userAddressWrite } from '../../../shared/api/shop.js';
import { requireUser } from '../../platform/auth.js';
import { asZod, moduleRoutes, privateResponse } from '../../platform/http.js';
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress } from './address-service.js';

const tags = ['shop'];
const noContent = z.null().describe('No content');

/** The caller's addresses; an address answers its owner only (anyone else gets 404). */
export const addressRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.register(async (owned) => {
    owned.addHook('onRequest', async (_request, reply) => privateResponse(reply));
    const zapp = asZod(owned);

    zapp.get(shopPaths.userAddresses, {
      schema: { tags, summary: "The caller's addresses", response: { 200: userAddressList, 401: errorBody } },
      handler: async (request) => listAddresses(ctx, await requireUser(request)),
    });

    zapp.post(shopPaths.userAddresses, {
      schema: { tags, summary: 'Add an address; a default replaces the previous default', body: userAddressWrite, response: { 201: userAddress, 400: errorBody, 401: errorBody, 409: errorBody } },
      handler: async (request, reply) => reply.status(201).send(await createAddress(ctx, await requireUser(request), request.body)),
    });

    zapp.get(shopPaths.userAddress, {
      schema: { tags, summary: 'An address of the caller', params: idParam, response: { 200: userAddress, 401: errorBody, 404: errorBody } },
      handler: async (request) => getAddress(ctx, await requireUser(request), request.params.id),
    });

    for (const method of ['put', 'patch'] as const) {
      zapp[method](shopPaths.userAddress, {
        schema: {
          tags,
          summary: method === 'put' ? 'Replace an address of the caller' : 'Change an address of the caller',
          params: idParam,
          body: method === 'put' ? userAddressWrite : userAddressPatch,
          response: { 200: userAddress, 400: errorBody, 401: errorBody, 404: errorBody },
        },
        handler: async (request) => updateAddress(ctx, await requireUser(request), request.params.id, request.body),
      });
    }

    zapp.delete(shopPaths.userAddress, {
      schema: { tags, summary: 'Delete an address of the caller', params: idParam, response: { 204: noContent, 401: errorBody, 404: errorBody } },
      handler: async (request, reply) => {
        await deleteAddress(ctx, await requireUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  });
});
