import { Type } from 'typebox';
import { Nullable, RequiredText, ShownText } from './common';
import { PictureSchema } from './product';

// Shared's ORDER_STATUSES, SA_PROVINCES and ORDER_NOTE_LIMITS (shared/src/domain) are the same
// values for the forms and the order's life: the contracts may not import shared (shared depends
// on them), and the api's contracts test fails when the two lists or limits differ.

/** The nine provinces of South Africa, as shoppers write them on an address. */
const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

const ORDER_STATUS_VALUES = [
  'awaiting_payment',
  'placed',
  'paid',
  'packed',
  'shipped',
  'ready_for_collection',
  'delivered',
  'collected',
  'cancelled',
  'expired',
] as const;

/** The longest payment reference, tracking number and reason an operator may give when moving an order. */
const NOTE_LIMITS = { reference: 100, tracking: 100, reason: 500 } as const;

/** An order number as shoppers and operators type it: any case, spaces around (schemas take it this way). */
export const TYPED_ORDER_NUMBER = '^\\s*[A-Za-z]{3}-[0-9]{4}-[0-9]{6,12}\\s*$';

/** Who to reach about an order (shared `OrderContact`). */
export const OrderContactSchema = Type.Object(
  {
    first_name: ShownText(100),
    last_name: ShownText(100),
    email: Type.String({ format: 'email', maxLength: 254 }),
    /** +27 and 9 digits, 12 characters. */
    phone: Type.String({ pattern: '^\\+27[0-9]{9}$' }),
  },
  { additionalProperties: false },
);

const addressProperties = {
  street: RequiredText(200),
  suburb: RequiredText(100),
  city: RequiredText(100),
  province: Type.Enum(PROVINCES),
  /** Four digits. */
  postal_code: Type.String({ pattern: '^[0-9]{4}$' }),
};

/** Where a delivery goes (shared `DeliveryAddress`). */
export const DeliveryAddressSchema = Type.Object(addressProperties, { additionalProperties: false });

/** Delivered to the shopper's door for the flat delivery fee (R99.99), or collected in store for free (shared `DeliveryMethod`). */
export const DeliveryMethodSchema = Type.Union([Type.Literal('delivery'), Type.Literal('collect')]);

/** Address fields only for delivery; collecting in store takes none. */
export const DeliveryChoiceSchema = Type.Union([
  Type.Object({ method: Type.Literal('delivery'), ...addressProperties }, { additionalProperties: false }),
  Type.Object({ method: Type.Literal('collect') }, { additionalProperties: false }),
]);

/** EFT bank transfer or cash on delivery: nothing at checkout needs a payment gateway (shared `PaymentMethod`). */
export const PaymentMethodSchema = Type.Union([Type.Literal('eft'), Type.Literal('cod')]);

/** The body of POST /orders (shared `PlaceOrderRequest`): address fields only for delivery. */
export const PlaceOrderBodySchema = Type.Object(
  {
    contact: OrderContactSchema,
    delivery: DeliveryChoiceSchema,
    payment_method: PaymentMethodSchema,
    /**
     * The shopper ticked the checkout's (unticked) box asking for the newsletter: the order's email
     * is mailed a link to confirm the subscription. Left out, no.
     */
    marketingConsent: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A line as it was bought (shared `OrderLine`): name, options and price are kept as they were at order time. */
export const OrderLineSchema = Type.Object(
  {
    /** The cart line key the line came from. */
    id: Type.String(),
    product_id: Type.String(),
    link: Type.String(),
    name: Type.String(),
    colour: Nullable(Type.String()),
    size: Nullable(Type.String()),
    colour_code: Nullable(Type.String()),
    picture: Nullable(PictureSchema),
    /** Unit price paid, Rand. */
    price: Type.Number({ minimum: 0 }),
    qty: Type.Integer({ minimum: 1 }),
    line_total: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/**
 * How to pay an EFT order (shared `EftPaymentDetails`): into the shop's account, as the shop's
 * configuration gives it (shared `EftAccount`), with the order number as the reference.
 */
export const EftPaymentDetailsSchema = Type.Object(
  {
    bank: Type.String(),
    account_holder: Type.String(),
    /** As the shop writes it, spaces and all. */
    account_number: Type.String(),
    /** e.g. "Cheque / current"; null when the shop does not say. */
    account_type: Nullable(Type.String()),
    branch_code: Type.String(),
    reference: Type.String(),
  },
  { additionalProperties: false },
);

/** GET /payment-methods: what the checkout offers (EFT only when the shop has set its bank account). */
export const PaymentMethodsAnswerSchema = Type.Object({ payment_methods: Type.Array(PaymentMethodSchema) }, { additionalProperties: false });

/**
 * Where an order is in its life (shared `OrderStatus`; shared/src/domain/orderLife.ts has the
 * moves): EFT orders start awaiting payment, cash orders start placed.
 */
export const OrderStatusSchema = Type.Enum(ORDER_STATUS_VALUES);

const orderEventProperties = {
  status: OrderStatusSchema,
  at: Type.String(),
  /** The tracking number (shipped) or the reason (cancelled); null otherwise. */
  note: Nullable(Type.String()),
};

/** One change of an order's state, as the shopper sees it in the order's history (shared `OrderEvent`). */
export const OrderEventSchema = Type.Object(orderEventProperties, { additionalProperties: false });
/** One change as an operator sees it: also who made it (shared `OperatorOrderEvent`). */
export const OperatorOrderEventSchema = Type.Object(
  {
    ...orderEventProperties,
    /** The operator's email, "shop" for the shop's own doing (placing, expiry), "command line" for a script on the api's machine. */
    by: Type.String(),
  },
  { additionalProperties: false },
);

const orderProperties = {
  id: Type.String(),
  /** Human-friendly and unique, e.g. JAC-2026-000123; also the EFT payment reference. */
  number: Type.String(),
  status: OrderStatusSchema,
  created_at: Type.String(),
  contact: OrderContactSchema,
  delivery_method: DeliveryMethodSchema,
  /** Null when collecting in store. */
  address: Nullable(DeliveryAddressSchema),
  payment_method: PaymentMethodSchema,
  /**
   * For an EFT order, where to pay; null for cash, or when the shop has since stopped taking EFT
   * (the confirmation then asks the shopper to contact the shop).
   */
  eft_payment: Nullable(EftPaymentDetailsSchema),
  lines: Type.Array(OrderLineSchema),
  /** Rand amounts; `vat` is the 15% VAT that `total` includes, `total` = subtotal + delivery. */
  subtotal: Type.Number({ minimum: 0 }),
  delivery: Type.Number({ minimum: 0 }),
  vat: Type.Number({ minimum: 0 }),
  total: Type.Number({ minimum: 0 }),
  /** The courier's tracking number once shipped, when the shop gave one. */
  tracking_number: Nullable(Type.String()),
  /** An EFT order awaiting payment expires at this time unless paid; null otherwise. */
  pay_by: Nullable(Type.String()),
};

/** An order as its shopper sees it (shared `Order`). */
export const OrderSchema = Type.Object(
  {
    ...orderProperties,
    /** Oldest first: placed, then each change. */
    history: Type.Array(OrderEventSchema),
  },
  { additionalProperties: false },
);

/**
 * POST /orders/lookup's answer (shared `LookedUpOrder`): the order as its shopper sees it, less
 * where they live. Order numbers follow one sequence, so whoever knows a shopper's email can try
 * numbers in turn; the answer names the town a delivery goes to and the phone's last digits,
 * never the street, suburb, postal code or whole phone number. The shopper's own order pages
 * (GET /orders) and the operator's keep the full details.
 */
export const LookedUpOrderSchema = Type.Object(
  {
    ...orderProperties,
    /** Of the contact, only the phone number's last four digits ("4567"). */
    contact: Type.Object({ phone_ending: Type.String({ pattern: '^[0-9]{4}$' }) }, { additionalProperties: false }),
    /** The town a delivery goes to; null when collecting in store. */
    address: Nullable(Type.Object({ city: Type.String() }, { additionalProperties: false })),
    history: Type.Array(OrderEventSchema),
  },
  { additionalProperties: false },
);

/** An order as an operator sees it (shared `OperatorOrder`). */
export const OperatorOrderSchema = Type.Object(
  {
    ...orderProperties,
    history: Type.Array(OperatorOrderEventSchema),
    /** The bank's reference for the EFT payment, as recorded when marked paid. */
    payment_reference: Nullable(Type.String()),
    /** When the money came in: marked paid (EFT) or delivered/collected (cash). */
    paid_at: Nullable(Type.String()),
    /** The states an operator can move it to now. */
    next_statuses: Type.Array(OrderStatusSchema),
  },
  { additionalProperties: false },
);

/** An order number as shoppers type it: JAC-2026-000123, any case, spaces around allowed (the api's canonicalOrderNumber). */
export const OrderNumberSchema = Type.String({ minLength: 1, maxLength: 40, pattern: TYPED_ORDER_NUMBER });

/** An email to find something by (an order, an account): one @, spaces around allowed and trimmed by the route. */
export const TypedEmailSchema = Type.String({ minLength: 3, maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$' });

/** POST /orders/lookup (shared `OrderLookupRequest`): a guest finds an order by its number and the email it was placed with. */
export const OrderLookupBodySchema = Type.Object({ number: OrderNumberSchema, email: TypedEmailSchema }, { additionalProperties: false });

/** POST /operator/orders/{number}/moves (shared `OrderMoveRequest`). */
export const OrderMoveBodySchema = Type.Object(
  {
    to: OrderStatusSchema,
    /** Required to mark an EFT order paid: the bank's reference for the payment. */
    reference: Type.Optional(RequiredText(NOTE_LIMITS.reference)),
    /** Optional when shipping. */
    tracking: Type.Optional(ShownText(NOTE_LIMITS.tracking)),
    /** Required to cancel. */
    reason: Type.Optional(ShownText(NOTE_LIMITS.reason)),
  },
  { additionalProperties: false },
);

/** One row of the operator's order list (shared `OperatorOrderRow`). */
export const OperatorOrderRowSchema = Type.Object(
  {
    id: Type.String(),
    number: Type.String(),
    status: OrderStatusSchema,
    created_at: Type.String(),
    name: Type.String(),
    email: Type.String(),
    delivery_method: DeliveryMethodSchema,
    payment_method: PaymentMethodSchema,
    total: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** GET /operator/orders (shared `OperatorOrderPage`): newest first, a page at a time. */
export const OperatorOrderPageSchema = Type.Object(
  {
    orders: Type.Array(OperatorOrderRowSchema),
    page: Type.Integer(),
    per_page: Type.Integer(),
    /** Orders matching the filter, over all pages. */
    total_count: Type.Integer(),
  },
  { additionalProperties: false },
);

/** Money that came in over a period (shared `PaidTotals`): orders paid in it and not cancelled since. */
export const PaidTotalsSchema = Type.Object({ count: Type.Integer(), total: Type.Number() }, { additionalProperties: false });
/** GET /operator/summary (shared `OperatorSummary`): today's and this month's, in the shop's time zone (Africa/Johannesburg). */
export const OperatorSummarySchema = Type.Object({ today: PaidTotalsSchema, month: PaidTotalsSchema }, { additionalProperties: false });

/** One line the stock cannot cover, in the 409 answer to POST /orders (shared `ShortLine`). */
export const ShortLineSchema = Type.Object(
  {
    id: Type.String(),
    product_id: Type.String(),
    name: Type.String(),
    /** What the cart asks for, over all its lines of this product. */
    requested: Type.Integer({ minimum: 1 }),
    available: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** 409 answers: `insufficient_stock` lists the lines (shared `InsufficientStockError`); other conflicts carry none. */
export const OrderConflictSchema = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    lines: Type.Optional(Type.Array(ShortLineSchema)),
  },
  { additionalProperties: false },
);
