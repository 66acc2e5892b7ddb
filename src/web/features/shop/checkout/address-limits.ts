/**
 * The limits the server's address schema (`userAddressWrite` in shared/api/shop.ts) sets on the fields of a new
 * address, checked at the address step so a value the server would refuse never reaches Pay. Copied rather than
 * imported, to keep zod out of the checkout's chunk; a unit test holds them to the schema.
 */
export const ADDRESS_MAX_LENGTH = {
  first_name: 100,
  last_name: 100,
  line1: 255,
  line2: 255,
  line4: 255,
  state: 255,
  postcode: 64,
  phone_number: 32,
} as const;

/** The characters a phone number may hold. */
export const PHONE_PATTERN = /^[+0-9 ()-]*$/;
