import type { MembershipProduct } from '../../shared/api/membership.js';
import type { MessageKey } from '../../shared/i18n/index.js';
import { useI18n } from '../app/context.js';
import { formatPrice } from '../lib/price.js';

/** What a plan as the API lists it needs here: the paywall's plans and the price card's are both such. */
export interface PricedPlan {
  id: number;
  slug: string;
  name: string;
  description: string;
  perks: string[];
  products: MembershipProduct[];
}

function priceKey(product: MembershipProduct): MessageKey {
  if (product.period_unit === 'month') return product.period_count === 1 ? 'membership.priceMonth' : 'membership.priceMonths';
  return product.period_count === 1 ? 'membership.priceDay' : 'membership.priceDays';
}

/** "¥29.90 a month", in the reader's language and the product's (the site's) currency. */
export function usePriceText() {
  const { t, lang } = useI18n();
  return (product: MembershipProduct) =>
    t(priceKey(product), { price: formatPrice(lang, product.price, product.currency), count: product.period_count });
}

/**
 * Plans as price cards: name, description, perks and what each active product costs. There is no buy
 * button: the shop does not sell plans yet, and the page says how to become a member instead.
 */
export function PlanList({ plans, headingLevel = 3 }: { plans: PricedPlan[]; headingLevel?: 2 | 3 }) {
  const priceText = usePriceText();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="plan-list">
      {plans.map((plan) => (
        <li key={plan.id} className="plan-card" data-plan={plan.slug}>
          <Heading className="plan-card__name">{plan.name}</Heading>
          {plan.description && <p>{plan.description}</p>}
          {plan.perks.length > 0 && (
            <ul className="plan-card__perks">
              {plan.perks.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
          )}
          {plan.products.length > 0 && (
            <ul className="plan-card__prices">
              {plan.products.map((product) => (
                <li key={product.id}>
                  {product.name}: <strong>{priceText(product)}</strong>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
