import type { FastifyPluginAsync } from 'fastify';
import { addressRoutes } from './address-routes.js';
import { basketRoutes } from './basket-routes.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { offerRoutes } from './offer-routes.js';

/**
 * Every shop call, each area an encapsulated plugin: the catalogue (public, staff writes), vouchers and
 * shipping methods (staff), baskets (owner or staff, idempotent changes), user addresses (owner).
 */
export const shopRoutes: FastifyPluginAsync = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(offerRoutes);
  await app.register(basketRoutes);
  await app.register(addressRoutes);
};
