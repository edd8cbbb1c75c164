import { formatRand } from '@storefront/shared/domain';
import type { Order } from '@storefront/shared/types';
import { html } from './html';
import { buttonLink, type MailContent, mailDocument, type MailShop, shopMoment, STYLE, textSignOff } from './layout';

/** The changes a shopper is mailed about, with what the mail needs beyond the order. */
export type OrderUpdate =
  | { kind: 'paid' }
  | { kind: 'shipped' }
  | { kind: 'ready_for_collection' }
  | { kind: 'cancelled'; reason: string }
  | { kind: 'expired' }
  /** The payment window closes soon (a day before it does). */
  | { kind: 'payment_reminder' };

interface Wording {
  subject: string;
  preview: string;
  /** Paragraphs, in plain words (the HTML escapes them). */
  paragraphs: string[];
}

const questions = (shop: MailShop) => `Questions about your order? Reply to this mail or call us on ${shop.phone}, and mention your order number.`;

function wording(order: Order, update: OrderUpdate, shop: MailShop): Wording {
  const number = order.number;
  switch (update.kind) {
    case 'paid':
      return {
        subject: `Payment received for your Jacaranda order ${number}`,
        preview: `We have your payment of ${formatRand(order.total)}.`,
        paragraphs: [
          `Thank you: your payment of ${formatRand(order.total)} for order ${number} has reflected in our account.`,
          order.delivery_method === 'delivery'
            ? "We're packing your order now and will mail you again when it is on its way."
            : "We're packing your order now and will mail you again when it is ready to collect.",
        ],
      };
    case 'shipped':
      return {
        subject: `Your Jacaranda order ${number} is on its way`,
        preview: order.tracking_number ? `Tracking number ${order.tracking_number}.` : 'Your order is with the courier.',
        paragraphs: [
          `Good news: order ${number} has left our store with the courier${order.address ? ` for ${order.address.street}, ${order.address.city}` : ''}.`,
          order.tracking_number
            ? `Your tracking number is ${order.tracking_number}: the courier's website shows where your parcel is.`
            : 'The courier will be in touch before delivery.',
          ...(order.payment_method === 'cod' ? [`Please have ${formatRand(order.total)} in cash ready for the courier.`] : []),
        ],
      };
    case 'ready_for_collection':
      return {
        subject: `Your Jacaranda order ${number} is ready to collect`,
        preview: `Collect it at ${shop.address}.`,
        paragraphs: [
          `Order ${number} is packed and waiting for you at our store, ${shop.address} (open ${shop.hours}).`,
          order.payment_method === 'cod'
            ? `Bring your order number along, and ${formatRand(order.total)} in cash.`
            : 'Bring your order number along.',
        ],
      };
    case 'cancelled':
      return {
        subject: `Your Jacaranda order ${number} has been cancelled`,
        preview: 'Your order has been cancelled.',
        paragraphs: [
          `We have cancelled order ${number}. The reason: ${update.reason}`,
          order.history.some((event) => event.status === 'paid')
            ? `We will refund your payment of ${formatRand(order.total)} into the account it came from; we will be in touch if we need your banking details.`
            : 'Nothing has been charged.',
        ],
      };
    case 'expired':
      return {
        subject: `Your Jacaranda order ${number} has expired`,
        preview: 'We did not receive your EFT payment in time.',
        paragraphs: [
          `We did not receive the EFT payment for order ${number} in time, so the order has expired and its items have gone back on the shelf.`,
          `If you have just paid, reply to this mail with your proof of payment and we will sort it out. Otherwise you are welcome to order again.`,
        ],
      };
    case 'payment_reminder':
      return {
        subject: `Reminder: your Jacaranda order ${number} is waiting for payment`,
        preview: `Please pay ${formatRand(order.total)} by ${order.pay_by ? shopMoment(order.pay_by) : 'tomorrow'}.`,
        paragraphs: [
          `We are still waiting for the EFT payment of ${formatRand(order.total)} for order ${number}.`,
          `We hold your items until ${order.pay_by ? shopMoment(order.pay_by) : 'tomorrow'}; after that the order expires.`,
          order.eft_payment
            ? `Pay into ${order.eft_payment.bank}, account ${order.eft_payment.account_number} (${order.eft_payment.account_holder}), branch code ${order.eft_payment.branch_code}, with ${number} as the reference.`
            : `Reply to this mail or call us on ${shop.phone} for our bank details.`,
          'If you have already paid, thank you: it can take a day or two to reflect.',
        ],
      };
  }
}

/** The mail for `update` of `order`, with a link to follow it in the store. */
export function orderUpdateMail(order: Order, update: OrderUpdate, storefrontUrl: string, shop: MailShop): MailContent {
  const { subject, preview, paragraphs } = wording(order, update, shop);
  const link = new URL(`/order-status?number=${encodeURIComponent(order.number)}`, storefrontUrl).toString();
  const greeting = `Hi ${order.contact.first_name},`;
  const text = `${greeting}\n\n${paragraphs.join('\n\n')}\n\nFollow your order: ${link}\n\n${questions(shop)}\n\n${textSignOff(shop)}`;
  const body = html`<p style="${STYLE.paragraph}">${greeting}</p>
${paragraphs.map((paragraph) => html`<p style="${STYLE.paragraph}">${paragraph}</p>
`)}${buttonLink(link, 'Follow your order')}
<p style="${STYLE.paragraph}">${questions(shop)}</p>`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview, body }) };
}
