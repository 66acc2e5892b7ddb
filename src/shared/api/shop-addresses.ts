import { z } from 'zod';
import { countryCode, optionalText, text } from './shop-fields.js';

// User addresses

/** An address as answered: in the address book, and as an order's copy of where it ships. */
export const postalAddress = z.object({
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  line1: z.string(),
  line2: z.string(),
  line3: z.string(),
  /** City. */
  line4: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone_number: z.string(),
  notes: z.string(),
});
export const userAddress = z.object({
  id: z.number().int(),
  ...postalAddress.shape,
  is_default_for_shipping: z.boolean(),
  is_default_for_billing: z.boolean(),
  date_created: z.string(),
  date_updated: z.string(),
});
export type UserAddress = z.infer<typeof userAddress>;
export const userAddressList = z.array(userAddress);
const addressFields = z.object({
  title: optionalText(64),
  first_name: optionalText(100),
  last_name: text(100),
  line1: text(255),
  line2: optionalText(255),
  line3: optionalText(255),
  line4: optionalText(255),
  state: optionalText(255),
  postcode: optionalText(64),
  country: countryCode,
  phone_number: z
    .string()
    .trim()
    .max(32, 'Use at most 32 characters.')
    .regex(/^[+0-9 ()-]*$/, 'Use digits, spaces, "+", "-" and parentheses.'),
  notes: optionalText(1000),
  is_default_for_shipping: z.boolean(),
  is_default_for_billing: z.boolean(),
});
export const userAddressWrite = addressFields.extend({
  title: addressFields.shape.title.default(''),
  first_name: addressFields.shape.first_name.default(''),
  line2: addressFields.shape.line2.default(''),
  line3: addressFields.shape.line3.default(''),
  line4: addressFields.shape.line4.default(''),
  state: addressFields.shape.state.default(''),
  postcode: addressFields.shape.postcode.default(''),
  phone_number: addressFields.shape.phone_number.default(''),
  notes: addressFields.shape.notes.default(''),
  is_default_for_shipping: addressFields.shape.is_default_for_shipping.default(false),
  is_default_for_billing: addressFields.shape.is_default_for_billing.default(false),
});
export const userAddressPatch = addressFields.partial();
export type UserAddressWrite = z.infer<typeof userAddressWrite>;
export type UserAddressChanges = z.infer<typeof userAddressPatch>;
