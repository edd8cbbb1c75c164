import type { AddressSchema, Static, UserSchema } from '@storefront/contracts';

/** A shopper's account as the api describes it (never with its password). */
export interface User extends Static<typeof UserSchema> {}

/** A saved delivery address of an account. */
export interface Address extends Static<typeof AddressSchema> {}
