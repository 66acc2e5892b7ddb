import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type { MembershipPlan, MembershipProduct } from '../../../../shared/api/membership.js';
import { membershipPaths } from '../../../../shared/api/membership-paths.js';
import type { ProductCard, ProductDetail, ShopCategory } from '../../../../shared/api/shop.js';
import { shopPaths } from '../../../../shared/api/shop-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { pathOf, type HttpClient, type RequestOptions } from '../../../lib/http.js';

/** The catalogue is the same for everyone: fetched as a guest, so the server's render and the browser agree. */
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
  products: (params: ProductListParams) => ['shop', 'products', params] as const,
  categories: () => ['shop', 'categories'] as const,
  product: (id: number) => ['shop', 'product', id] as const,
  plans: (lang: Language) => ['shop', 'plans', lang] as const,
};

export const productListQuery = (http: HttpClient, params: ProductListParams) =>
  queryOptions({
    queryKey: shopKeys.products(params),
    queryFn: () => http.get<Paginated<ProductCard>>(shopPaths.products, { page: params.page, page_size: SHOP_PAGE_SIZE, category: params.category, q: params.q }, GUEST),
  });

export const shopCategoriesQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: shopKeys.categories(),
    queryFn: () => http.get<ShopCategory[]>(shopPaths.categories, undefined, GUEST),
  });

export const productQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: shopKeys.product(id),
    queryFn: () => http.get<ProductDetail>(pathOf(shopPaths.product, { id }), undefined, GUEST),
  });

/** The membership plans with their products, named in `lang`: what a membership product grants (plan and period). */
export const membershipPlansQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: shopKeys.plans(lang),
    queryFn: () => http.get<PlanWithProducts[]>(membershipPaths.productMembership, { lang }, GUEST),
  });
