import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { MembershipPlan, MembershipProduct } from '../../../../shared/api/membership.js';
import { membershipPaths } from '../../../../shared/api/membership-paths.js';
import type { ProductCard, ProductDetail, ShopCategory } from '../../../../shared/api/shop.js';
import { shopPaths } from '../../../../shared/api/shop-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { pathOf, type HttpClient, type RequestOptions } from '../../../lib/http.js';

/**
 * The catalogue is the same for everyone: fetched as a guest, so the server's render and the browser agree.
 * Category and option names come in the interface language: each query passes `lang` and is keyed by it.
 */
const GUEST: RequestOptions = { anonymous: true };

export const SHOP_PAGE_SIZE = 12;

export type PlanWithProducts = MembershipPlan & { products: MembershipProduct[] };

export interface ProductListParams {
  page: number;
  /** A product category's slug (its sub-categories included). */
  category?: string;
  q?: string;
}

export const shopKeys = {
  all: ['shop'] as const,
  products: (params: ProductListParams, lang: Language) => ['shop', 'products', params, lang] as const,
  categories: (lang: Language) => ['shop', 'categories', lang] as const,
  product: (id: number, lang: Language) => ['shop', 'product', id, lang] as const,
  plans: (lang: Language) => ['shop', 'plans', lang] as const,
};

/** A page of product cards, their categories named in `lang`. */
export const productListQuery = (http: HttpClient, params: ProductListParams, lang: Language) =>
  queryOptions({
    queryKey: shopKeys.products(params, lang),
    queryFn: () => http.get<Paginated<ProductCard>>(shopPaths.products, { page: params.page, page_size: SHOP_PAGE_SIZE, category: params.category, q: params.q, lang }, GUEST),
  });

/** The product categories (chips and breadcrumbs), named in `lang`. */
export const shopCategoriesQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: shopKeys.categories(lang),
    queryFn: () => http.get<ShopCategory[]>(shopPaths.categories, { lang }, GUEST),
  });

/** A product, its category and its options (the labels of their fields) named in `lang`. */
export const productQuery = (http: HttpClient, id: number, lang: Language) =>
  queryOptions({
    queryKey: shopKeys.product(id, lang),
    queryFn: () => http.get<ProductDetail>(pathOf(shopPaths.product, { id }), { lang }, GUEST),
  });

/** The membership plans with their products, named in `lang`: what a membership product grants (plan and period). */
export const membershipPlansQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: shopKeys.plans(lang),
    queryFn: () => http.get<PlanWithProducts[]>(membershipPaths.productMembership, { lang }, GUEST),
  });
