/** The page URLs of the back office's operations (`/staff/ops/…`): the shop, the membership and moderation. */
export const opsPaths = {
  dashboard: () => '/staff/ops',
  orders: (query?: string) => (query ? `/staff/ops/orders?${query}` : '/staff/ops/orders'),
  order: (id: number) => `/staff/ops/orders/${id}`,
  returns: () => '/staff/ops/returns',
  users: (query?: string) => (query ? `/staff/ops/users?${query}` : '/staff/ops/users'),
  user: (id: number) => `/staff/ops/users/${id}`,
  giftCodes: () => '/staff/ops/gift-codes',
  moderation: () => '/staff/ops/moderation',
  reports: () => '/staff/ops/reports',
  submissions: () => '/staff/ops/submissions',
  products: (query?: string) => (query ? `/staff/ops/products?${query}` : '/staff/ops/products'),
  product: (id: number) => `/staff/ops/products/${id}`,
  newProduct: () => '/staff/ops/products/new',
  offers: () => '/staff/ops/offers',
  taxonomy: () => '/staff/ops/taxonomy',
  audit: () => '/staff/ops/audit',
} as const;
