import { z } from 'zod';

export const authPaths = {
  login: '/rest-auth/login/',
  logout: '/rest-auth/logout/',
  refresh: '/rest-auth/token/refresh/',
  verify: '/rest-auth/token/verify/',
  user: '/rest-auth/user/',
} as const;

export const roleSchema = z.enum(['user', 'staff', 'superuser']);
export type Role = z.infer<typeof roleSchema>;

export const loginBody = z
  .object({
    username: z.string().trim().min(1).max(254).optional(),
    email: z.string().trim().email().max(254).optional(),
    password: z.string().min(1, 'This field may not be blank.').max(256),
  })
  .refine((b) => Boolean(b.username || b.email), {
    message: 'Give a username or an e-mail address.',
    path: ['username'],
  });
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  pk: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  is_staff: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  access_expiration: z.string(),
  refresh_expiration: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshBody = z.object({ refresh: z.string().min(1, 'This field may not be blank.') });
export const refreshResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  access_expiration: z.string(),
  refresh_expiration: z.string(),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

/** The second refresh form of SPEC section 3; the client accepts both. */
export const refreshResponseAlt = z.object({
  result: z.unknown().optional(),
  access_token: z.string(),
  access_token_expiration: z.string(),
  refresh_token: z.string().optional(),
});

export const verifyBody = z.object({ token: z.string().min(1, 'This field may not be blank.') });
export const logoutBody = z.object({ refresh: z.string().optional() });
export const detailResponse = z.object({ detail: z.string() });
