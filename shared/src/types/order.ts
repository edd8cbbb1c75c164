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

/** EFT orders wait for the transfer; cash-on-delivery orders are simply placed. */
export type OrderStatus = 'awaiting_payment' | 'placed';

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
