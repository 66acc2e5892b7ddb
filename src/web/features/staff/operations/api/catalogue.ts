import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Paginated } from '../../../../../shared/api/common.js';
import type { ProductCard, ProductDetail, ProductOption, ShippingMethodAdmin, ShopCategory, Voucher } from '../../../../../shared/api/shop.js';
import { shopPaths } from '../../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf, type HttpClient } from '../../../../lib/http.js';
import { OPS_PAGE_SIZE } from './orders.js';

export const opsCatalogueKeys = {
  all: ['staff', 'ops', 'catalogue'] as const,
  products: (page: number, q: string) => ['staff', 'ops', 'catalogue', 'products', page, q] as const,
  product: (id: number) => ['staff', 'ops', 'catalogue', 'product', id] as const,
  vouchers: (page: number) => ['staff', 'ops', 'catalogue', 'vouchers', page] as const,
  shipping: ['staff', 'ops', 'catalogue', 'shipping'] as const,
  categories: ['staff', 'ops', 'catalogue', 'categories'] as const,
  options: ['staff', 'ops', 'catalogue', 'options'] as const,
};

const personal = { personal: true };

/** Staff see withdrawn (archived) products too. */
export const productsQuery = (http: HttpClient, page: number, q: string) =>
  queryOptions({ queryKey: opsCatalogueKeys.products(page, q), queryFn: () => http.get<Paginated<ProductCard>>(shopPaths.products, { page, page_size: OPS_PAGE_SIZE, q: q || undefined }), meta: personal });

export const productQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: opsCatalogueKeys.product(id), queryFn: () => http.get<ProductDetail>(pathOf(shopPaths.product, { id })), meta: personal });

export const vouchersQuery = (http: HttpClient, page: number) =>
  queryOptions({ queryKey: opsCatalogueKeys.vouchers(page), queryFn: () => http.get<Paginated<Voucher>>(shopPaths.vouchers, { page, page_size: OPS_PAGE_SIZE }), meta: personal });

export const shippingQuery = (http: HttpClient) =>
  queryOptions({ queryKey: opsCatalogueKeys.shipping, queryFn: () => http.get<ShippingMethodAdmin[]>(shopPaths.shippingMethods), meta: personal });

export const categoriesQuery = (http: HttpClient) =>
  queryOptions({ queryKey: opsCatalogueKeys.categories, queryFn: () => http.get<ShopCategory[]>(shopPaths.categories), meta: personal });

export const optionsQuery = (http: HttpClient) =>
  queryOptions({ queryKey: opsCatalogueKeys.options, queryFn: () => http.get<ProductOption[]>(shopPaths.options), meta: personal });

/** A catalogue write over the shop's own staff calls; every catalogue list is read again. */
export function useCatalogueWrite() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(method: 'post' | 'patch' | 'delete', path: string, body?: unknown): Promise<T> => {
      const answer = method === 'post' ? await http.post<T>(path, body) : method === 'patch' ? await http.patch<T>(path, body) : await http.delete<T>(path);
      await queryClient.invalidateQueries({ queryKey: opsCatalogueKeys.all });
      return answer;
    },
    [http, queryClient],
  );
}
