import type {
  DeliveryAddressSchema,
  DeliveryMethodSchema,
  EftPaymentDetailsSchema,
  LookedUpOrderSchema,
  OperatorOrderEventSchema,
  OperatorOrderPageSchema,
  OperatorOrderRowSchema,
  OperatorOrderSchema,
  OperatorSummarySchema,
  OrderConflictSchema,
  OrderContactSchema,
  OrderEventSchema,
  OrderLineSchema,
  OrderLookupBodySchema,
  OrderMoveBodySchema,
  OrderSchema,
  OrderStatusSchema,
  PaidTotalsSchema,
  PaymentMethodSchema,
  PaymentMethodsAnswerSchema,
  PlaceOrderBodySchema,
  ShortLineSchema,
  Static,
} from '@storefront/contracts';

/** Delivered to the shopper's door for the flat delivery fee (R99.99), or collected in store for free. */
export type DeliveryMethod = Static<typeof DeliveryMethodSchema>;

/** EFT bank transfer or cash on delivery: nothing at checkout needs a payment gateway. */
export type PaymentMethod = Static<typeof PaymentMethodSchema>;

/** How to pay an EFT order: into the shop's account, with the order number as the reference. */
export interface EftPaymentDetails extends Static<typeof EftPaymentDetailsSchema> {}

/** The shop's bank account for EFT payments, as the shop's configuration gives it. */
export interface EftAccount extends Omit<EftPaymentDetails, 'reference'> {}

/** GET /payment-methods: what the checkout offers (EFT only when the shop has set its bank account). */
export interface PaymentMethodsAnswer extends Static<typeof PaymentMethodsAnswerSchema> {}

/**
 * Where an order is in its life (domain/orderLife.ts has the moves): EFT orders start awaiting
 * payment, cash orders start placed.
 */
export type OrderStatus = Static<typeof OrderStatusSchema>;

/** One change of an order's state, as the shopper sees it in the order's history. */
export interface OrderEvent extends Static<typeof OrderEventSchema> {}

/** One change as an operator sees it: also who made it. */
export interface OperatorOrderEvent extends Static<typeof OperatorOrderEventSchema> {}

/** Who to reach about an order; the phone is +27 and 9 digits. */
export interface OrderContact extends Static<typeof OrderContactSchema> {}

/** Where a delivery goes: one of the nine provinces (`SA_PROVINCES`), a four-digit postal code. */
export interface DeliveryAddress extends Static<typeof DeliveryAddressSchema> {}

/** The body of POST /orders: address fields only for delivery. */
export interface PlaceOrderRequest extends Static<typeof PlaceOrderBodySchema> {}

/** A line as it was bought: name, options and price are kept as they were at order time. */
export interface OrderLine extends Static<typeof OrderLineSchema> {}

/** An order as its shopper sees it: Rand amounts, its history oldest first. */
export interface Order extends Static<typeof OrderSchema> {}

/** POST /orders/lookup: a guest finds an order by its number and the email it was placed with. */
export interface OrderLookupRequest extends Static<typeof OrderLookupBodySchema> {}

/**
 * POST /orders/lookup's answer: the order as its shopper sees it, less where they live: of the
 * contact only the phone's last four digits, of the address only the town.
 */
export interface LookedUpOrder extends Static<typeof LookedUpOrderSchema> {}

/** An order as an operator sees it. */
export interface OperatorOrder extends Static<typeof OperatorOrderSchema> {}

/** One row of the operator's order list. */
export interface OperatorOrderRow extends Static<typeof OperatorOrderRowSchema> {}

/** GET /operator/orders: newest first, a page at a time. */
export interface OperatorOrderPage extends Static<typeof OperatorOrderPageSchema> {}

/** Money that came in over a period (orders paid in it and not cancelled since). */
export interface PaidTotals extends Static<typeof PaidTotalsSchema> {}

/** GET /operator/summary: today's and this month's, in the shop's time zone (Africa/Johannesburg). */
export interface OperatorSummary extends Static<typeof OperatorSummarySchema> {}

/** POST /operator/orders/{number}/moves. */
export interface OrderMoveRequest extends Static<typeof OrderMoveBodySchema> {}

/** One line the stock cannot cover, in the 409 answer to POST /orders. */
export interface ShortLine extends Static<typeof ShortLineSchema> {}

/** The 409 answer to POST /orders when the stock cannot cover the cart: its lines are listed. */
export interface InsufficientStockError extends Static<typeof OrderConflictSchema> {
  error: 'insufficient_stock';
  lines: ShortLine[];
}
