import type { ErrorSchema, Static } from '@storefront/contracts';

/** Every error the api answers has this body. */
export interface ApiError extends Static<typeof ErrorSchema> {}
