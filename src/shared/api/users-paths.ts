// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the profile calls, relative to API_PREFIX. `:id` is the user id; every call answers only the
 * owner or staff (others get 404). Code-based calls (bind/cancel), set_first_password and rss_token are
 * the owner's alone.
 */
export const usersPaths = {
  profile: '/user/profile/:id',
  avatar: '/user/profile/:id/avatar',
  checkEmailExist: '/user/profile/:id/check_email_exist',
  checkPhoneExist: '/user/profile/:id/check_phone_exist',
  bindEmail: '/user/profile/:id/bind_email',
  bindPhone: '/user/profile/:id/bind_phone',
  cancelEmail: '/user/profile/:id/cancel_email',
  cancelPhone: '/user/profile/:id/cancel_phone',
  setFirstPassword: '/user/profile/:id/set_first_password',
  checkEmailBind: '/user/profile/:id/check_email_bind',
  checkPhoneBind: '/user/profile/:id/check_phone_bind',
  checkHasPassword: '/user/profile/:id/check_has_password',
  displayName: '/user/profile/:id/displayname',
  getEmail: '/user/profile/:id/get_email',
  getPhone: '/user/profile/:id/get_phone',
  userId: '/user/profile/:id/user_id',
  rssToken: '/user/profile/:id/rss_token',
} as const;

/** Largest avatar upload; the stored image is a 256x256 WebP. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
export const PASSWORD_MIN_LENGTH = 8;
