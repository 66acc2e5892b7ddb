import { queryOptions } from '@tanstack/react-query';
import type { Enquiry, EnquiryBody, MembershipPlan, MembershipProduct, MeterTerms, Subscription, UserMembership } from '../../../../shared/api/membership.js';
import { membershipPaths } from '../../../../shared/api/membership-paths.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { ApiError, pathOf, type HttpClient } from '../../../lib/http.js';

export type PriceCard = Array<MembershipPlan & { products: MembershipProduct[] }>;

/** Answers that depend on the user: never persisted, dropped at logout (see the session provider). */
const PERSONAL = { personal: true } as const;

export const membershipKeys = {
  priceCard: (lang: Language) => ['membership', 'price-card', lang] as const,
  meterTerms: ['membership', 'meter-terms'] as const,
  mine: (userId: number) => ['membership', 'mine', userId] as const,
};

/** A 404 as null: "the user never had a membership", "this membership has no subscription". */
export async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Every plan with its active products (public), their names, descriptions and perks in `lang`. */
export const priceCardQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: membershipKeys.priceCard(lang),
    queryFn: () => http.get<PriceCard>(membershipPaths.productMembership, { lang }, { anonymous: true }),
  });

/** The monthly free reads of the metered paywall, as the site is configured (public). */
export const meterTermsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: membershipKeys.meterTerms,
    queryFn: () => http.get<MeterTerms>(membershipPaths.meterTerms, undefined, { anonymous: true }),
  });

export interface MyMembership {
  current: UserMembership | null;
  subscription: Subscription | null;
}

/** The caller's current membership (a premium one first) and its subscription with its history of grants. */
export const myMembershipQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: membershipKeys.mine(userId),
    queryFn: async (): Promise<MyMembership> => {
      const current = await orNull(http.get<UserMembership>(pathOf(membershipPaths.userMembershipOfUser, { id: userId })));
      const subscription = current
        ? await orNull(http.get<Subscription>(pathOf(membershipPaths.subscriptionOfUserMembership, { id: current.id })))
        : null;
      return { current, subscription };
    },
    meta: PERSONAL,
  });

export const redeemGiftCode = (http: HttpClient, code: string) => http.post<{ subscription: Subscription }>(membershipPaths.redeem, { code });

/** Sends a member enquiry (with a solved captcha); the token goes along when logged in, so staff see the account. */
export const sendEnquiry = (http: HttpClient, body: EnquiryBody) => http.post<Enquiry>(membershipPaths.enquiry, body);
