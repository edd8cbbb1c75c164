import { ErrorSchema, OrderConflictSchema, OrderStatusSchema } from '@storefront/contracts';
import { Type } from 'typebox';
import { OPERATOR_TYPED_ORDER_NUMBER } from './orderNumber';

// The orders' wire shapes (the order, its lines, the bodies the storefront sends) are in
// @storefront/contracts; here only what the api alone reads: headers, paths, the operator's query.

/**
 * The Idempotency-Key header: required, printable ASCII without spaces. Other headers pass, as
 * a request always carries some.
 */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' }),
});

export const OrderIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/** An operator's order number: whole, or its serial alone (matchOperatorOrderNumber). */
export const OperatorOrderNumberParamsSchema = Type.Object(
  { number: Type.String({ minLength: 1, maxLength: 40, pattern: OPERATOR_TYPED_ORDER_NUMBER }) },
  { additionalProperties: false },
);

export const OperatorOrderListQuerySchema = Type.Object(
  {
    status: Type.Optional(OrderStatusSchema),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);

export const orderErrorResponses = {
  400: ErrorSchema,
  404: ErrorSchema,
  409: OrderConflictSchema,
  413: ErrorSchema,
  415: ErrorSchema,
  422: ErrorSchema,
  429: ErrorSchema,
  500: ErrorSchema,
  503: ErrorSchema,
};

/** A write's: any POST from another site is refused 403 `cross_site` (plugins/crossSite.ts). */
export const orderWriteErrorResponses = { ...orderErrorResponses, 403: ErrorSchema };
