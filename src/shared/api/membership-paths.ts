// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the membership calls, relative to API_PREFIX. Plans and their products are public; a user
 * membership or subscription answers its owner and staff (others get 404); writes are for staff, except
 * redeeming a gift code, which any logged-in user may do.
 */
export const membershipPaths = {
  /** GET the plans (public); POST a plan (staff). */
  plans: '/membership',
  /** GET a plan (public); PATCH, DELETE (staff). */
  plan: '/membership/:id',
  /** GET what plans cost (public: active products; staff: `?include_inactive=1` too); POST a product (staff). */
  products: '/membership_product',
  /** GET a product; PATCH, DELETE (staff). */
  product: '/membership_product/:id',
  /** GET the price card: every plan with its active products (public). */
  productMembership: '/product_membership',
  /** GET the metered paywall's monthly allowances for guests and for logged-in non-members (public). */
  meterTerms: '/membership/meter',
  /** GET the caller's memberships; staff see every member, filtered by plan, active, expiring_before. */
  userMemberships: '/usermembership',
  userMembership: '/usermembership/:id',
  /** GET the user's current membership (a premium one first); 404 when the user never had one. */
  userMembershipOfUser: '/usermembership/user/:id',
  subscription: '/subscription/:id',
  subscriptionOfUserMembership: '/subscription/usermembership/:id',
  /** POST (staff): grant a product's period to a user; idempotent per `reference`. */
  grant: '/subscription/grant',
  /** POST (staff): add a period to a subscription, from the later of now and its end. */
  extend: '/subscription/:id/extend',
  /** POST (staff): end a subscription now. */
  end: '/subscription/:id/end',
  /** GET the gift codes (staff); POST creates codes, shown in full only in that answer. */
  giftCodes: '/membership_gift_code',
  /** GET one code (staff); DELETE revokes an unredeemed code. */
  giftCode: '/membership_gift_code/:id',
  /** POST `{code}` (logged in): redeem a gift code for the caller. */
  redeem: '/membership/redeem',
  /** POST a member enquiry (anyone, with a solved captcha; mailed to staff); GET the enquiries (staff). */
  enquiry: '/membership/enquiry',
} as const;

/** The slug of the shortcut type whose shortcuts are for members: the /member/shortcuts page lists them. */
export const MEMBER_SHORTCUT_TYPE = 'members';
/** The plan slug that makes a member. */
export const PREMIUM_SLUG = 'premium';
/** Gift-code redemptions allowed per user and per address: a few tries, not a guessing machine. */
export const REDEEM_LIMIT_10_MIN = 5;
export const REDEEM_LIMIT_DAY = 20;
/** Most gift codes created in one call. */
export const GIFT_CODES_PER_CALL = 100;
/** Member enquiries allowed per client address: enough for a second thought, not for a mail cannon. */
export const ENQUIRY_LIMIT_HOUR = 3;
export const ENQUIRY_LIMIT_DAY = 10;
