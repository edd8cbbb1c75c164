import { IdentifierSchema } from '@storefront/contracts';
import { Type } from 'typebox';

/** A cart line's key in the path: only the api reads it. */
export const CartKeyParamsSchema = Type.Object({ key: IdentifierSchema }, { additionalProperties: false });
