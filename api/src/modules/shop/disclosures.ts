/**
 * GET /shop/disclosures' answer: the shop's details (shopDetails.ts) with its policies. A policy
 * the shop has not written in its own words (SHOP_*_POLICY, SHOP_DELIVERY_TIMES,
 * SHOP_PAYMENT_SECURITY) is the store's own rules as this api applies them, written out here,
 * and built from the same settings the api runs on: the payment methods offered, the payment
 * window, how long idle carts are kept. The delivery costs are never the shop's words: they come
 * from the shared pricing rules the checkout charges (a flat fee, collecting free).
 */
import { DELIVERY_FEE, formatRand, toCents } from '@storefront/shared/domain';
import type { EftAccount, ShopDisclosures } from '@storefront/shared/types';
import type { ShopDetails } from '../../shop/shopDetails';

/** What the store's own rules depend on: the settings the api runs with. */
export interface ShopTerms {
  /** The bank account EFT payers pay into; null when only cash is taken. */
  eft: EftAccount | null;
  /** How long an EFT order waits for its payment before it expires. */
  paymentWindowHours: number;
  /** How long an anonymous shopper's idle cart and wishlist are kept. */
  anonymousShopperDays: number;
  /** The storefront's public address: an https one is said to be encrypted. */
  storefrontUrl: string;
}

/** "72 hours (3 days)", "36 hours", "24 hours (a day)". */
function hoursInWords(hours: number): string {
  if (hours === 24) return '24 hours (a day)';
  return hours % 24 === 0 ? `${hours} hours (${hours / 24} days)` : `${hours} hours`;
}

/**
 * A shopper's rights when buying online, as the law gives them, and how the store's orders can
 * be cancelled (an operator can cancel an order until it leaves the shop: shared orderLife).
 */
function returnsPolicy(shop: ShopDetails): string[] {
  return [
    'You may cancel an order you placed with us online, for any reason, within 7 days after you receive the goods, and send them back: we refund everything you paid, and the only cost to you is that of sending the goods back. This is your cooling-off right under the Electronic Communications and Transactions Act.',
    'Goods that are faulty, unsafe or not as described may be returned within 6 months of delivery, at our cost, and you choose whether we repair them, replace them or refund you, as the Consumer Protection Act provides.',
    'Until your order has left us (handed to the courier, or collected at the store), you may ask us to cancel it without sending anything back.',
    `To cancel or return an order, contact us at ${shop.email} or on ${shop.phone} with your order number. We refund you within 30 days of the cancellation, into the account your payment came from; for an order paid in cash we ask you for the account to pay into.`,
  ];
}

/** How an order moves once placed (docs/orders.md): when it goes out, and what the shopper hears. */
function deliveryTimes(terms: ShopTerms): string[] {
  return [
    terms.eft
      ? `We start on your order once it is placed; an order paid by EFT once the payment reflects in our account. We hold an EFT order for ${hoursInWords(terms.paymentWindowHours)} while we wait for its payment; unpaid by then, it expires and nothing is owed.`
      : 'We start on your order as soon as it is placed.',
    'We mail you when your order is on its way, with the courier’s tracking number, or when it is ready to collect at the store.',
  ];
}

/** The delivery costs the checkout charges (shared cartTotals/orderTotals), never a copy typed elsewhere. */
function deliveryCosts(shop: ShopDetails): string[] {
  return [
    `Delivery to your door anywhere in South Africa costs ${formatRand(DELIVERY_FEE)} per order, VAT included, whatever its size. Collecting your order from our store at ${shop.address.join(', ')} is free.`,
  ];
}

/** What the api keeps and for how long (cleanup/expireData.ts), what shoppers can do about it (modules/accounts/privacy.ts). */
function privacyPolicy(shop: ShopDetails, terms: ShopTerms): string[] {
  return [
    'We keep what you give us to run your orders and your account: your name, email address, phone number and delivery addresses, your orders, reviews, cart and wishlist. Your password is kept only as a one-way hash that cannot be turned back into it. A review you write is shown with the name you sign it with. We never sell your details; your name, phone number and delivery address go to the courier who brings your order.',
    'Our cookies keep your cart and keep you signed in; there are no advertising or tracking cookies.',
    'We send you our newsletter only if you ask for it and confirm by the link we mail you; every newsletter has a link that unsubscribes you at once.',
    `A cart and wishlist without an account are deleted after ${terms.anonymousShopperDays} days without a change. Signed in, you can download everything we hold about you, or delete your account, from your account page.`,
    `Questions about your information, or a complaint: write to us at ${shop.email}. You may also complain to the Information Regulator (inforegulator.org.za).`,
  ];
}

/** How shoppers pay here (modules/orders: EFT to the shop's account, or cash), and what keeps it safe. */
function paymentSecurity(shop: ShopDetails, terms: ShopTerms): string[] {
  const paragraphs = ['We take no card payments: the checkout never asks for a card number or your banking details, and the store keeps none.'];
  if (terms.eft) {
    paragraphs.push(
      `Paying by EFT, you pay from your own bank’s app or website into our account at ${terms.eft.bank} (account holder ${terms.eft.account_holder}), with your order number as the reference. The account is given in your order confirmation and on your order page. It does not change by mail: never pay into an account given to you any other way, and if in doubt call us on ${shop.phone}.`,
    );
  }
  paragraphs.push('Paying cash, you pay the courier when your order arrives, or at the store when you collect it.');
  if (new URL(terms.storefrontUrl).protocol === 'https:') {
    paragraphs.push('The store is served over an encrypted connection (https), which carries your sign-in and your order details.');
  }
  return paragraphs;
}

/** The answer of GET /shop/disclosures. */
export function shopDisclosures(shop: ShopDetails, terms: ShopTerms): ShopDisclosures {
  return {
    legalName: shop.legalName,
    registrationNumber: shop.registrationNumber,
    vatNumber: shop.vatNumber,
    address: shop.address,
    email: shop.email,
    phone: shop.phone,
    returnsPolicy: shop.policies.returns ?? returnsPolicy(shop),
    deliveryPolicy: [...(shop.policies.deliveryTimes ?? deliveryTimes(terms)), ...deliveryCosts(shop)],
    privacyPolicy: shop.policies.privacy ?? privacyPolicy(shop, terms),
    paymentSecurity: shop.policies.paymentSecurity ?? paymentSecurity(shop, terms),
    deliveryFee: toCents(DELIVERY_FEE),
    sample: shop.sample,
  };
}
