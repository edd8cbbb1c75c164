import type { ErrorSchema, MessageSchema, Static } from '@storefront/contracts';

/** Every error the api answers has this body. */
export interface ApiError extends Static<typeof ErrorSchema> {}

/** The body of an answer that only says what happened ("Check your email…"). */
export interface ApiMessage extends Static<typeof MessageSchema> {}
