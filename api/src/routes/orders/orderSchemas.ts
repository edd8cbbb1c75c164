import { ORDER_NOTE_LIMITS, ORDER_STATUSES, SA_PROVINCES } from '@storefront/shared/domain';
import { Type } from 'typebox';
import { ErrorSchema, Nullable, RequiredText, ShownText } from '../../schemas/common';
import { PictureSchema } from '../../schemas/product';
import { OPERATOR_TYPED_ORDER_NUMBER, TYPED_ORDER_NUMBER } from './orderNumber';

export const OrderContactSchema = Type.Object(
  {
    first_name: ShownText(100),
    last_name: ShownText(100),
    email: Type.String({ format: 'email', maxLength: 254 }),
    // §5: +27 followed by 9 digits, 12 characters.
    phone: Type.String({ pattern: '^\\+27[0-9]{9}$' }),
  },
  { additionalProperties: false },
);

const addressProperties = {
  street: RequiredText(200),
  suburb: RequiredText(100),
  city: RequiredText(100),
  province: Type.Enum(SA_PROVINCES),
  postal_code: Type.String({ pattern: '^[0-9]{4}$' }),
};

export const DeliveryAddressSchema = Type.Object(addressProperties, { additionalProperties: false });

/** Address fields only for delivery; collecting in store takes none. */
export const DeliveryChoiceSchema = Type.Union([
  Type.Object({ method: Type.Literal('delivery'), ...addressProperties }, { additionalProperties: false }),
  Type.Object({ method: Type.Literal('collect') }, { additionalProperties: false }),
]);

export const PaymentMethodSchema = Type.Union([Type.Literal('eft'), Type.Literal('cod')]);

export const PlaceOrderBodySchema = Type.Object(
  {
    contact: OrderContactSchema,
    delivery: DeliveryChoiceSchema,
    payment_method: PaymentMethodSchema,
    /** The checkout's newsletter box, unticked unless the shopper ticks it: the order's email is asked to confirm. */
    marketingConsent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * The Idempotency-Key header: required, printable ASCII without spaces. Other headers pass, as
 * a request always carries some.
 */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' }),
});

export const OrderIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

export const OrderLineSchema = Type.Object(
  {
    id: Type.String(),
    product_id: Type.String(),
    link: Type.String(),
    name: Type.String(),
    colour: Nullable(Type.String()),
    size: Nullable(Type.String()),
    colour_code: Nullable(Type.String()),
    picture: Nullable(PictureSchema),
    price: Type.Number({ minimum: 0 }),
    qty: Type.Integer({ minimum: 1 }),
    line_total: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const EftPaymentDetailsSchema = Type.Object(
  {
    bank: Type.String(),
    account_holder: Type.String(),
    account_number: Type.String(),
    account_type: Nullable(Type.String()),
    branch_code: Type.String(),
    reference: Type.String(),
  },
  { additionalProperties: false },
);

export const PaymentMethodsAnswerSchema = Type.Object({ payment_methods: Type.Array(PaymentMethodSchema) }, { additionalProperties: false });

export const OrderStatusSchema = Type.Enum(ORDER_STATUSES);

const orderEventProperties = {
  status: OrderStatusSchema,
  at: Type.String(),
  note: Nullable(Type.String()),
};

export const OrderEventSchema = Type.Object(orderEventProperties, { additionalProperties: false });
export const OperatorOrderEventSchema = Type.Object({ ...orderEventProperties, by: Type.String() }, { additionalProperties: false });

const orderProperties = {
    id: Type.String(),
    number: Type.String(),
    status: OrderStatusSchema,
    created_at: Type.String(),
    contact: OrderContactSchema,
    delivery_method: Type.Union([Type.Literal('delivery'), Type.Literal('collect')]),
    address: Nullable(DeliveryAddressSchema),
    payment_method: PaymentMethodSchema,
    eft_payment: Nullable(EftPaymentDetailsSchema),
    lines: Type.Array(OrderLineSchema),
    subtotal: Type.Number({ minimum: 0 }),
    delivery: Type.Number({ minimum: 0 }),
    vat: Type.Number({ minimum: 0 }),
    total: Type.Number({ minimum: 0 }),
    tracking_number: Nullable(Type.String()),
    pay_by: Nullable(Type.String()),
};

export const OrderSchema = Type.Object({ ...orderProperties, history: Type.Array(OrderEventSchema) }, { additionalProperties: false });

/**
 * The shared `LookedUpOrder`: a guest's look-up by number and email. Numbers follow one sequence,
 * so the answer holds the town and the phone's last four digits, never the street, suburb,
 * postal code or whole phone number.
 */
export const LookedUpOrderSchema = Type.Object(
  {
    ...orderProperties,
    contact: Type.Object({ phone_ending: Type.String({ pattern: '^[0-9]{4}$' }) }, { additionalProperties: false }),
    address: Nullable(Type.Object({ city: Type.String() }, { additionalProperties: false })),
    history: Type.Array(OrderEventSchema),
  },
  { additionalProperties: false },
);

export const OperatorOrderSchema = Type.Object(
  {
    ...orderProperties,
    history: Type.Array(OperatorOrderEventSchema),
    payment_reference: Nullable(Type.String()),
    paid_at: Nullable(Type.String()),
    next_statuses: Type.Array(OrderStatusSchema),
  },
  { additionalProperties: false },
);

/** An order number as shoppers type it: JAC-2026-000123, any case, spaces around allowed (canonicalOrderNumber). */
export const OrderNumberSchema = Type.String({ minLength: 1, maxLength: 40, pattern: TYPED_ORDER_NUMBER });

/** An email to find something by (an order, an account): one @, spaces around allowed and trimmed by the route. */
export const TypedEmailSchema = Type.String({ minLength: 3, maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$' });

export const OrderLookupBodySchema = Type.Object({ number: OrderNumberSchema, email: TypedEmailSchema }, { additionalProperties: false });

/** An operator's order number: whole, or its serial alone (matchOperatorOrderNumber). */
export const OperatorOrderNumberParamsSchema = Type.Object(
  { number: Type.String({ minLength: 1, maxLength: 40, pattern: OPERATOR_TYPED_ORDER_NUMBER }) },
  { additionalProperties: false },
);

export const OrderMoveBodySchema = Type.Object(
  {
    to: OrderStatusSchema,
    reference: Type.Optional(RequiredText(ORDER_NOTE_LIMITS.reference)),
    tracking: Type.Optional(ShownText(ORDER_NOTE_LIMITS.tracking)),
    reason: Type.Optional(ShownText(ORDER_NOTE_LIMITS.reason)),
  },
  { additionalProperties: false },
);

export const OperatorOrderRowSchema = Type.Object(
  {
    id: Type.String(),
    number: Type.String(),
    status: OrderStatusSchema,
    created_at: Type.String(),
    name: Type.String(),
    email: Type.String(),
    delivery_method: Type.Union([Type.Literal('delivery'), Type.Literal('collect')]),
    payment_method: PaymentMethodSchema,
    total: Type.Number({ minimum: 0 }),
  },
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

export const OperatorOrderPageSchema = Type.Object(
  {
    orders: Type.Array(OperatorOrderRowSchema),
    page: Type.Integer(),
    per_page: Type.Integer(),
    total_count: Type.Integer(),
  },
  { additionalProperties: false },
);

const PaidTotalsSchema = Type.Object({ count: Type.Integer(), total: Type.Number() }, { additionalProperties: false });
export const OperatorSummarySchema = Type.Object({ today: PaidTotalsSchema, month: PaidTotalsSchema }, { additionalProperties: false });

export const ShortLineSchema = Type.Object(
  {
    id: Type.String(),
    product_id: Type.String(),
    name: Type.String(),
    requested: Type.Integer({ minimum: 1 }),
    available: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** 409 answers: `insufficient_stock` lists the lines; other conflicts carry none. */
export const OrderConflictSchema = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    lines: Type.Optional(Type.Array(ShortLineSchema)),
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
