// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the shop's account calls, relative to API_PREFIX, named as django-oscar-api names them (SPEC
 * section 7, Shop). They are the `rest-auth` login and registration under the shop's names: the same
 * accounts, JWT sessions, throttles and captcha (docs/decisions/0100-shop-login.md).
 */
export const shopLoginPaths = {
  /** GET who is logged in (200, or 204 for a guest); POST log in; DELETE log out (204). */
  login: '/shop/login',
  /** POST create an account (captcha required); it is logged in at once. */
  register: '/shop/register',
  /** GET an account: its owner or staff (anyone else gets 404). */
  user: '/shop/users/:id',
} as const;

/** The address of an account in the shop's calls, as `url` in its answers. */
export const shopUserPath = (id: number) => `/shop/users/${id}`;
