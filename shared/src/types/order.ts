import type { SaProvince } from '../domain/address';
import type { Picture } from './product';

/** Delivered to the shopper's door for the flat fee of §9, or collected in store for free. */
export type DeliveryMethod = 'delivery' | 'collect';

/** EFT bank transfer or cash on delivery: nothing at checkout needs a payment gateway. */
export type PaymentMethod = 'eft' | 'cod';

/** The shop's bank account for EFT payments, as the shop's configuration gives it. */
export interface EftAccount {
  bank: string;
  account_holder: string;
  /** As the shop writes it, spaces and all. */
  account_number: string;
  /** e.g. "Cheque / current"; null when the shop does not say. */
  account_type: string | null;
  branch_code: string;
}

/** How to pay an EFT order: into the shop's account, with the order number as the reference. */
export interface EftPaymentDetails extends EftAccount {
  reference: string;
}

/** GET /payment-methods: what the checkout offers (EFT only when the shop has set its bank account). */
export interface PaymentMethodsAnswer {
  payment_methods: PaymentMethod[];
}

/**
 * Where an order is in its life (domain/orderLife.ts has the moves): EFT orders start awaiting
 * payment, cash orders start placed.
 */
export type OrderStatus =
  | 'awaiting_payment'
  | 'placed'
  | 'paid'
  | 'packed'
  | 'shipped'
  | 'ready_for_collection'
  | 'delivered'
  | 'collected'
  | 'cancelled'
  | 'expired';

/** One change of an order's state, as the shopper sees it in the order's history. */
export interface OrderEvent {
  status: OrderStatus;
  at: string;
  /** The tracking number (shipped) or the reason (cancelled); null otherwise. */
  note: string | null;
}

/** One change as an operator sees it: also who made it. */
export interface OperatorOrderEvent extends OrderEvent {
  /** The operator's email, "shop" for the shop's own doing (placing, expiry), "command line" for a script on the api's machine. */
  by: string;
}

export interface OrderContact {
  first_name: string;
  last_name: string;
  email: string;
  /** +27 and 9 digits (§5). */
  phone: string;
}

export interface DeliveryAddress {
  street: string;
  suburb: string;
  city: string;
  province: SaProvince;
  /** Four digits. */
  postal_code: string;
}

/** The body of POST /orders: address fields only for delivery. */
export interface PlaceOrderRequest {
  contact: OrderContact;
  delivery: ({ method: 'delivery' } & DeliveryAddress) | { method: 'collect' };
  payment_method: PaymentMethod;
  /**
   * The shopper ticked the checkout's (unticked) box asking for the newsletter: the order's email
   * is mailed a link to confirm the subscription. Left out, no.
   */
  marketingConsent?: boolean;
}

/** A line as it was bought: name, options and price are kept as they were at order time. */
export interface OrderLine {
  /** The cart line key the line came from. */
  id: string;
  product_id: string;
  link: string;
  name: string;
  colour: string | null;
  size: string | null;
  colour_code: string | null;
  picture: Picture | null;
  /** Unit price paid, Rand. */
  price: number;
  qty: number;
  line_total: number;
}

export interface Order {
  id: string;
  /** Human-friendly and unique, e.g. JAC-2026-000123; also the EFT payment reference. */
  number: string;
  status: OrderStatus;
  created_at: string;
  contact: OrderContact;
  delivery_method: DeliveryMethod;
  /** Null when collecting in store. */
  address: DeliveryAddress | null;
  payment_method: PaymentMethod;
  /**
   * For an EFT order, where to pay; null for cash, or when the shop has since stopped taking EFT
   * (the confirmation then asks the shopper to contact the shop).
   */
  eft_payment: EftPaymentDetails | null;
  lines: OrderLine[];
  /** Rand amounts; `vat` is the 15% VAT that `total` includes, `total` = subtotal + delivery. */
  subtotal: number;
  delivery: number;
  vat: number;
  total: number;
  /** Oldest first: placed, then each change. */
  history: OrderEvent[];
  /** The courier's tracking number once shipped, when the shop gave one. */
  tracking_number: string | null;
  /** An EFT order awaiting payment expires at this time unless paid; null otherwise. */
  pay_by: string | null;
}

/** POST /orders/lookup: a guest finds an order by its number and the email it was placed with. */
export interface OrderLookupRequest {
  number: string;
  email: string;
}

/**
 * POST /orders/lookup's answer: the order as its shopper sees it, less where they live. Order
 * numbers follow one sequence, so whoever knows a shopper's email can try numbers in turn; the
 * answer names the town a delivery goes to and the phone's last digits, never the street,
 * suburb, postal code or whole phone number. The shopper's own order pages (GET /orders) and the
 * operator's keep the full details.
 */
export interface LookedUpOrder extends Omit<Order, 'contact' | 'address'> {
  /** Of the contact, only the phone number's last four digits ("4567"). */
  contact: { phone_ending: string };
  /** The town a delivery goes to; null when collecting in store. */
  address: Pick<DeliveryAddress, 'city'> | null;
}

/** An order as an operator sees it. */
export interface OperatorOrder extends Omit<Order, 'history'> {
  history: OperatorOrderEvent[];
  /** The bank's reference for the EFT payment, as recorded when marked paid. */
  payment_reference: string | null;
  /** When the money came in: marked paid (EFT) or delivered/collected (cash). */
  paid_at: string | null;
  /** The states an operator can move it to now. */
  next_statuses: OrderStatus[];
}

/** One row of the operator's order list. */
export interface OperatorOrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  created_at: string;
  name: string;
  email: string;
  delivery_method: DeliveryMethod;
  payment_method: PaymentMethod;
  total: number;
}

/** GET /operator/orders: newest first, a page at a time. */
export interface OperatorOrderPage {
  orders: OperatorOrderRow[];
  page: number;
  per_page: number;
  /** Orders matching the filter, over all pages. */
  total_count: number;
}

/** Money that came in over a period (orders paid in it and not cancelled since). */
export interface PaidTotals {
  count: number;
  total: number;
}

/** GET /operator/summary: today's and this month's, in the shop's time zone (Africa/Johannesburg). */
export interface OperatorSummary {
  today: PaidTotals;
  month: PaidTotals;
}

/** POST /operator/orders/{number}/moves. */
export interface OrderMoveRequest {
  to: OrderStatus;
  /** Required to mark an EFT order paid: the bank's reference for the payment. */
  reference?: string;
  /** Optional when shipping. */
  tracking?: string;
  /** Required to cancel. */
  reason?: string;
}

/** One line the stock cannot cover, in the 409 answer to POST /orders. */
export interface ShortLine {
  id: string;
  product_id: string;
  name: string;
  /** What the cart asks for, over all its lines of this product. */
  requested: number;
  available: number;
}

export interface InsufficientStockError {
  error: 'insufficient_stock';
  message: string;
  lines: ShortLine[];
}
