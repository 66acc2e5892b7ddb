import { z } from 'zod';
import { loginBody, loginResponse, logoutBody, registrationBody, registrationResponse, sessionUser } from './auth.js';
import { idParam } from './common.js';

export * from './shop-login-paths.js';

/** POST shop/login: rest-auth's login body (username or email, password; altcha once failures made it due). */
export const shopLoginBody = loginBody;
/** The session as rest-auth/login answers it: both tokens, their expirations and the user. */
export const shopLoginResponse = loginResponse;
/** DELETE shop/login: the refresh token to end with the bearer token's session (optional). */
export const shopLogoutBody = logoutBody;
export const shopRegisterBody = registrationBody;
export const shopRegisterResponse = registrationResponse;

/** An account as oscar-api's user serializer shows it (`url`, `date_joined`), with the session user's fields. */
export const shopUser = sessionUser.extend({
  /** Absolute URL of `shop/users/{id}`. */
  url: z.string(),
  date_joined: z.string(),
});
export type ShopUser = z.infer<typeof shopUser>;

export const shopUserParams = idParam;
