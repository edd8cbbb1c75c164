import type { ErrorSchema, Static } from '@storefront/contracts';

/** Every error the api answers has this body. */
export type ApiError = Static<typeof ErrorSchema>;
