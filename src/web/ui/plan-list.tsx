import { Fragment, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MembershipProduct } from '../../shared/api/membership.js';
import { buyMessages } from '../../shared/i18n/checkout.js';
import type { MessageKey } from '../../shared/i18n/index.js';
import { useI18n } from '../app/context.js';
import { paths } from '../app/paths.js';
import { formatPrice } from '../lib/price.js';

/** What a plan as the API lists it needs here: the paywall's plans and the price card's are both such. */
export interface PricedPlan {
  id: number;
  slug: string;
  name: string;
  description: string;
  perks: string[];
  is_premium?: boolean;
  products: MembershipProduct[];
}

function periodKey(product: MembershipProduct): MessageKey {
  if (product.period_unit === 'month') return product.period_count === 1 ? 'membership.perMonth' : 'membership.perMonths';
  return product.period_count === 1 ? 'membership.perDay' : 'membership.perDays';
}

/** One price of a plan: the product's name, the amount large, the period after it ("¥29.90 a month"). */
function Price({ product }: { product: MembershipProduct }) {
  const { t, lang } = useI18n();
  return (
    <li className="plan-card__price">
      <span className="plan-card__product">{product.name}</span>{' '}
      <span className="plan-card__figure">
        <strong className="plan-card__amount">{formatPrice(lang, product.price, product.currency)}</strong>{' '}
        <span className="plan-card__period">{t(periodKey(product), { count: product.period_count })}</span>
      </span>
    </li>
  );
}

/** Buy, for each price: a link to the checkout of that product (its code loads only when followed; a guest logs in first). */
function BuyLinks({ plan }: { plan: PricedPlan }) {
  const { lang } = useI18n();
  const buy = buyMessages[lang];
  return (
    <p className="plan-card__buy">
      {plan.products.map((product, index) => (
        <Fragment key={product.id}>
          {index > 0 && ' '}
          <Link className="button" to={paths.checkout(product.id)} aria-label={buy.buyLabel.replace('{plan}', plan.name).replace('{product}', product.name)}>
            {buy.buy.replace('{product}', product.name)}
          </Link>
        </Fragment>
      ))}
    </p>
  );
}

interface PlanCardProps {
  plan: PricedPlan;
  headingLevel?: 2 | 3;
  /** The card's last line (how else to become a member). */
  footer?: ReactNode;
}

/**
 * A price card: the plan's name, its prices (amount in the site's currency and the reader's language, and the
 * period) each with its Buy link, what it gives, and a footer.
 */
export function PlanCard({ plan, headingLevel = 3, footer }: PlanCardProps) {
  const { t } = useI18n();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={plan.is_premium ? 'plan-card plan-card--premium' : 'plan-card'} data-plan={plan.slug} aria-labelledby={titleId}>
      <Heading id={titleId} className="plan-card__name">{plan.name}</Heading>
      {plan.products.length > 0 && (
        <ul className="plan-card__prices" aria-label={t('planCard.prices')}>
          {plan.products.map((product) => (
            <Price key={product.id} product={product} />
          ))}
        </ul>
      )}
      {plan.products.length > 0 && <BuyLinks plan={plan} />}
      {plan.description && <p className="plan-card__description">{plan.description}</p>}
      {plan.perks.length > 0 && (
        <ul className="plan-card__perks" aria-label={t('planCard.perks')}>
          {plan.perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      )}
      {footer && <div className="plan-card__footer">{footer}</div>}
    </article>
  );
}

/** Plans as price cards, side by side where there is room. */
export function PlanList({ plans, headingLevel = 3, footer }: { plans: PricedPlan[]; headingLevel?: 2 | 3; footer?: ReactNode }) {
  return (
    <ul className="plan-list">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} headingLevel={headingLevel} footer={footer} />
        </li>
      ))}
    </ul>
  );
}
