import { z } from 'zod';

/*
 * The shop's calls: paths (shop-paths.ts, kept free of zod for the browser bundle) and schemas, by part: the
 * catalogue, vouchers and shipping, baskets, addresses.
 */

export * from './shop-paths.js';
export { opHeaders } from './shop-fields.js';
export * from './shop-catalogue.js';
export * from './shop-offers.js';
export * from './shop-baskets.js';
export * from './shop-addresses.js';

/** The API root: every shop call's absolute URL, by oscar-api's names. */
export const shopRoot = z.record(z.string(), z.string());
