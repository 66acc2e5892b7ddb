import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { StaffUser, StaffUserDetail } from '../../../../../shared/api/backoffice.js';
import { backofficePaths } from '../../../../../shared/api/backoffice-paths.js';
import type { Paginated } from '../../../../../shared/api/common.js';
import type { UserComment } from '../../../../../shared/api/comments.js';
import { commentsPaths } from '../../../../../shared/api/comments-paths.js';
import type { MyCourse } from '../../../../../shared/api/courses.js';
import type { GiftCode, MembershipProduct, UserMembership } from '../../../../../shared/api/membership.js';
import { membershipPaths } from '../../../../../shared/api/membership-paths.js';
import type { Order } from '../../../../../shared/api/orders.js';
import { ordersPaths } from '../../../../../shared/api/orders-paths.js';
import { useHttp } from '../../../../app/context.js';
import { pathOf, type HttpClient } from '../../../../lib/http.js';
import { OPS_PAGE_SIZE } from './orders.js';

export interface UserFilters {
  page: number;
  q: string;
  role: string;
  blocked: string;
}

export const opsPeopleKeys = {
  all: ['staff', 'ops', 'people'] as const,
  list: (f: UserFilters) => ['staff', 'ops', 'people', 'list', f] as const,
  one: (id: number) => ['staff', 'ops', 'people', 'one', id] as const,
  part: (id: number, part: string) => ['staff', 'ops', 'people', 'one', id, part] as const,
  giftCodes: (page: number) => ['staff', 'ops', 'people', 'gift-codes', page] as const,
};

const personal = { personal: true };

export const userListQuery = (http: HttpClient, f: UserFilters) =>
  queryOptions({
    queryKey: opsPeopleKeys.list(f),
    queryFn: () => http.get<Paginated<StaffUser>>(backofficePaths.users, { page: f.page, page_size: OPS_PAGE_SIZE, q: f.q || undefined, role: f.role || undefined, blocked: f.blocked || undefined }),
    meta: personal,
  });

export const userQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: opsPeopleKeys.one(id), queryFn: () => http.get<StaffUserDetail>(pathOf(backofficePaths.user, { id })), meta: personal });

export const userMembershipsQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: opsPeopleKeys.part(id, 'memberships'),
    queryFn: () => http.get<Paginated<UserMembership>>(membershipPaths.userMemberships, { user_id: id, page_size: 50 }),
    meta: personal,
  });

export const userOrdersQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: opsPeopleKeys.part(id, 'orders'), queryFn: () => http.get<Paginated<Order>>(ordersPaths.orders, { user: id, page_size: 10 }), meta: personal });

export const userCoursesQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: opsPeopleKeys.part(id, 'courses'), queryFn: () => http.get<Paginated<MyCourse>>(pathOf(backofficePaths.userCourses, { id }), { page_size: 10 }), meta: personal });

export const userCommentsQuery = (http: HttpClient, id: number) =>
  queryOptions({ queryKey: opsPeopleKeys.part(id, 'comments'), queryFn: () => http.get<Paginated<UserComment>>(pathOf(commentsPaths.user, { id }), { page_size: 10 }), meta: personal });

export const giftCodesQuery = (http: HttpClient, page: number) =>
  queryOptions({ queryKey: opsPeopleKeys.giftCodes(page), queryFn: () => http.get<Paginated<GiftCode>>(membershipPaths.giftCodes, { page, page_size: OPS_PAGE_SIZE }), meta: personal });

/** A write about people: its answer, then everything about people (and the dashboard) is read again. */
export function usePeopleWrite() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(method: 'post' | 'delete', path: string, body?: unknown): Promise<T> => {
      const answer = method === 'post' ? await http.post<T>(path, body) : await http.delete<T>(path);
      await queryClient.invalidateQueries({ queryKey: opsPeopleKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'ops', 'dashboard'] });
      return answer;
    },
    [http, queryClient],
  );
}

export const membershipProductsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: ['staff', 'ops', 'membership-products'] as const,
    queryFn: () => http.get<MembershipProduct[]>(membershipPaths.products, { include_inactive: 1 }),
    meta: personal,
  });
