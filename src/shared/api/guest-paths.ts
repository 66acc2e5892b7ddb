// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the guest calls, relative to API_PREFIX (SPEC section 7). The server is the authority: it takes
 * the address from the request, never lowers a count, and ties a fingerprint only to the caller's own id.
 */
export const guestPaths = {
  /** GET `?userfinger=` (200 known, 404 not); POST `{userfinger, ip_address?, user_id?}` registers it. */
  userfinger: '/guest/userfinger',
  /** GET `?userfinger_id=`; POST `{userfinger_id, view_count, userfinger}` (the fingerprint's value proves it is the caller's). */
  guestViewCount: '/guest/guestviewcount',
  /** GET `?user_id=`; POST `{user_id, view_count}`: the user's own (or staff). */
  userViewCount: '/guest/userviewcount',
} as const;

/** New fingerprints registered per address and hour: plenty for a household, little for a script. */
export const FINGERPRINTS_PER_IP_HOUR = 30;
/** An address's network (/24 IPv4, /64 IPv6) may open this many times the guest limit per month. */
export const GUEST_NETWORK_FACTOR = 3;
