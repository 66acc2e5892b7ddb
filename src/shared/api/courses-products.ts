import { z } from 'zod';
import { bodyId, courseCard, courseProduct, flag, id, sortOrder } from './courses-catalogue.js';

// Products

const productFields = z.object({
  course_id: bodyId,
  name: z.string().trim().min(1, 'This field may not be blank.').max(100, 'Use at most 100 characters.'),
  price: z.number().int('Use an integer amount in the minor unit.').min(0).max(100_000_000),
  is_active: z.boolean(),
  sort_order: sortOrder,
});
export const courseProductPatch = productFields.partial();
export type CourseProductPatch = z.infer<typeof courseProductPatch>;
export const courseProductWrite = productFields.extend({ is_active: z.boolean().default(true), sort_order: sortOrder.default(0) });
export type CourseProductWrite = z.infer<typeof courseProductWrite>;
export const courseProductList = z.array(courseProduct);
export const courseProductListQuery = z.object({ course: id.optional(), include_inactive: flag.optional() });
export type CourseProductListQuery = z.infer<typeof courseProductListQuery>;

/** `product_course`: every published purchase course with its products on sale. */
export const coursePriceCard = z.array(courseCard.extend({ products: z.array(courseProduct) }));
export type CoursePriceCard = z.infer<typeof coursePriceCard>;
