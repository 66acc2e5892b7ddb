import type { CourseAccess, CourseProduct } from '../../../../shared/api/courses.js';
import { useCourseI18n } from './course-i18n.js';
import { formatPrice } from '../../../lib/price.js';

/** The lowest price a course is on sale for, or null. */
export function lowestPrice(products: CourseProduct[]): CourseProduct | null {
  return products.filter((p) => p.is_active).reduce<CourseProduct | null>((low, p) => (low && low.price <= p.price ? low : p), null);
}

/** "Free", "Members", or the price of a paid course ("Paid" while its price is not known). */
export function AccessTag({ access, product }: { access: CourseAccess; product?: CourseProduct | null }) {
  const { t, lang } = useCourseI18n();
  const text =
    access === 'purchase' && product ? t('courses.priceFrom', { price: formatPrice(lang, product.price, product.currency) }) : t(`courses.access.${access}`);
  return <span className={`badge ${access === 'free' ? 'badge--free' : 'badge--premium'}`}>{text}</span>;
}
