import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PaymentToReturn, StaffOrderSummary } from '../../../../../shared/api/backoffice.js';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import type { Paginated } from '../../../../../shared/api/common.js';
import type { Order } from '../../../../../shared/api/orders.js';
import { ordersPaths } from '../../../../../shared/api/orders-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf, type HttpClient } from '../../../../lib/http.js';

export const OPS_PAGE_SIZE = 20;

/** The orders list's filters as the address holds them (dates are days, YYYY-MM-DD, UTC). */
export interface OrderFilters {
  page: number;
  status: string;
  payment_method: string;
  from: string;
  to: string;
  number: string;
  user: string;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export const opsOrderKeys = {
  all: ['staff', 'ops', 'orders'] as const,
  list: (f: OrderFilters) => ['staff', 'ops', 'orders', 'list', f] as const,
  one: (id: number) => ['staff', 'ops', 'orders', 'one', id] as const,
  returns: (page: number) => ['staff', 'ops', 'orders', 'returns', page] as const,
};

export const orderListQuery = (http: HttpClient, f: OrderFilters) =>
  queryOptions({
    queryKey: opsOrderKeys.list(f),
    queryFn: () =>
      http.get<Paginated<StaffOrderSummary>>(backofficePaths.orders, {
        page: f.page,
        page_size: OPS_PAGE_SIZE,
        status: f.status || undefined,
        payment_method: f.payment_method || undefined,
        placed_after: f.from ? `${f.from}T00:00:00.000Z` : undefined,
        placed_before: f.to ? nextDay(f.to) : undefined,
        number: f.number || undefined,
        user: f.user || undefined,
      }),
    meta: { personal: true },
  });

export const orderQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: opsOrderKeys.one(id),
    queryFn: () => http.get<Order>(pathOf(ordersPaths.order, { id })),
    meta: { personal: true },
  });

export const returnsQuery = (http: HttpClient, page: number) =>
  queryOptions({
    queryKey: opsOrderKeys.returns(page),
    queryFn: () => http.get<Paginated<PaymentToReturn>>(backofficePaths.paymentsToReturn, { page, page_size: OPS_PAGE_SIZE }),
    meta: { personal: true },
  });

export type OrderAction = 'fulfil' | 'cancel' | 'refund';
const actionPaths = { fulfil: ordersPaths.orderFulfil, cancel: ordersPaths.orderCancel, refund: ordersPaths.orderRefund } as const;

/** Fulfil, cancel or refund: the order's new state goes in the cache and every order list is stale. */
export function useOrderAction() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number, action: OrderAction, body?: { reason: string; payment?: number }): Promise<Order> => {
      // One key per click: a retry of the same click answers the same, a second click is a new request.
      const key = `ops-${action}-${id}-${Date.now().toString(36)}`;
      const order = await http.post<Order>(pathOf(actionPaths[action], { id }), body, { headers: { 'idempotency-key': key } });
      queryClient.setQueryData(opsOrderKeys.one(id), order);
      await queryClient.invalidateQueries({ queryKey: opsOrderKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'ops', 'dashboard'] });
      return order;
    },
    [http, queryClient],
  );
}
