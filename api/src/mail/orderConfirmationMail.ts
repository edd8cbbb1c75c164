import { formatRand } from '@storefront/shared/domain';
import type { Order, OrderLine } from '@storefront/shared/types';
import { html, type SafeHtml } from './html';
import { type MailContent, mailDocument, type MailShop, shopMoment, STYLE, textSignOff } from './layout';

/** Colour and size as the shopper chose them: "Blue, size M". */
function variant(line: OrderLine): string {
  return [line.colour, line.size === null ? null : `size ${line.size}`].filter((part) => part !== null).join(', ');
}

function lineText(line: OrderLine): string {
  const chosen = variant(line);
  const each = line.qty > 1 ? `, ${formatRand(line.price)} each` : '';
  return `${line.qty} × ${line.name}${chosen ? ` (${chosen})` : ''}${each}: ${formatRand(line.line_total)}`;
}

interface Total {
  label: string;
  amount: string;
  strong?: boolean;
}

/** As the checkout and its confirmation page show them (mfe-cart's TotalsList). */
function totals(order: Order): Total[] {
  return [
    { label: 'Subtotal', amount: formatRand(order.subtotal) },
    order.delivery_method === 'delivery'
      ? { label: 'Delivery', amount: formatRand(order.delivery) }
      : { label: 'Collect in store', amount: order.delivery > 0 ? formatRand(order.delivery) : 'Free' },
    { label: 'Total', amount: formatRand(order.total), strong: true },
    { label: 'incl. VAT (15%)', amount: formatRand(order.vat) },
  ];
}

function addressLines(order: Order): string[] {
  const { address, contact } = order;
  if (!address) return [];
  return [`${contact.first_name} ${contact.last_name}`, address.street, address.suburb, `${address.city}, ${address.province}`, address.postal_code];
}

const collecting = (shop: MailShop) => `We'll let you know when your order is ready to collect from our store at ${shop.address} (open ${shop.hours}). Bring your order number along.`;

function cashText(order: Order): string {
  const where = order.delivery_method === 'delivery' ? 'to the courier when your order arrives' : 'at the store when you collect your order';
  return `Please pay ${formatRand(order.total)} in cash ${where}.`;
}

const EFT_INTRO = (order: Order) =>
  `Please pay ${formatRand(order.total)} by EFT into the account below. Use your order number, ${order.number}, as the payment reference so we can match your payment: we send your order once it reflects.${
    order.pay_by ? ` We hold your order until ${shopMoment(order.pay_by)}; if the payment has not reflected by then, the order expires.` : ''
  }`;

const eftMissing = (shop: MailShop) => `Our bank details are not on hand just now: reply to this mail or call us on ${shop.phone} for them, and please do not pay into any other account.`;

function bankRows(order: Order): [string, string][] {
  const eft = order.eft_payment;
  if (!eft) return [];
  return [
    ['Bank', eft.bank],
    ['Account holder', eft.account_holder],
    ['Account number', eft.account_number],
    ...(eft.account_type ? [['Account type', eft.account_type] as [string, string]] : []),
    ['Branch code', eft.branch_code],
    ['Reference', eft.reference],
  ];
}

function paymentText(order: Order, shop: MailShop): string {
  if (order.payment_method === 'cod') return `PAYMENT\n${cashText(order)}\n`;
  if (!order.eft_payment) return `PAYING BY EFT\n${eftMissing(shop)}\n`;
  return `PAYING BY EFT\n${EFT_INTRO(order)}\n\n${bankRows(order)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n')}\n`;
}

function deliveryText(order: Order, shop: MailShop): string {
  return order.address ? `DELIVERY\nWe'll deliver to:\n${addressLines(order).join('\n')}\n` : `COLLECTING IN STORE\n${collecting(shop)}\n`;
}

function paymentHtml(order: Order, shop: MailShop): SafeHtml {
  if (order.payment_method === 'cod') {
    return html`<h2 style="${STYLE.heading}">Payment</h2>
<p style="${STYLE.paragraph}">${cashText(order)}</p>`;
  }
  if (!order.eft_payment) {
    return html`<h2 style="${STYLE.heading}">Paying by EFT</h2>
<p style="${STYLE.paragraph}">${eftMissing(shop)}</p>`;
  }
  return html`<h2 style="${STYLE.heading}">Paying by EFT</h2>
<p style="${STYLE.paragraph}">${EFT_INTRO(order)}</p>
<div style="${STYLE.box}"><table role="presentation" style="border-collapse:collapse;">
${bankRows(order).map(
  ([label, value]) => html`<tr><td style="padding:2px 16px 2px 0;color:#5f6b76;">${label}</td><td style="padding:2px 0;font-weight:bold;">${value}</td></tr>
`,
)}</table></div>`;
}

function deliveryHtml(order: Order, shop: MailShop): SafeHtml {
  if (!order.address) {
    return html`<h2 style="${STYLE.heading}">Collecting in store</h2>
<p style="${STYLE.paragraph}">${collecting(shop)}</p>`;
  }
  const lines = addressLines(order);
  return html`<h2 style="${STYLE.heading}">Delivery</h2>
<p style="${STYLE.paragraph}">We'll deliver to:<br>${lines.map((line, index) => html`${index > 0 ? html`<br>` : ''}${line}`)}</p>`;
}

function linesHtml(order: Order): SafeHtml {
  return html`<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;">
<tr><th align="left" style="${STYLE.cell}">Item</th><th align="right" style="${STYLE.amount}">Qty</th><th align="right" style="${STYLE.amount}">Price</th><th align="right" style="${STYLE.amount}">Total</th></tr>
${order.lines.map((line) => {
  const chosen = variant(line);
  return html`<tr><td style="${STYLE.cell}">${line.name}${chosen ? html`<br><span style="color:#5f6b76;font-size:13px;">${chosen}</span>` : ''}</td><td style="${STYLE.amount}">${line.qty}</td><td style="${STYLE.amount}">${formatRand(line.price)}</td><td style="${STYLE.amount}">${formatRand(line.line_total)}</td></tr>
`;
})}${totals(order).map(
    ({ label, amount, strong }) =>
      html`<tr><td colspan="3" align="right" style="padding:4px 8px 4px 0;${strong ? 'font-weight:bold;' : ''}">${label}</td><td align="right" style="padding:4px 0 4px 8px;white-space:nowrap;${strong ? 'font-weight:bold;' : ''}">${amount}</td></tr>
`,
  )}</table>`;
}

/**
 * Sent when an order is placed: its number, what was bought at what price, the totals with the
 * VAT they include, how to pay (for EFT the shop's account, with the order number as reference)
 * and where it goes, or that it waits in the store.
 */
export function orderConfirmationMail(order: Order, shop: MailShop): MailContent {
  const subject = `Your Jacaranda order ${order.number}`;
  const eft = order.payment_method === 'eft';
  const thanks = `Thank you for shopping with Jacaranda! We've got your order ${order.number}, placed on ${shopMoment(order.created_at)}.`;
  const next = eft ? 'It is waiting for your EFT payment: the details are below.' : "We're getting it ready.";
  const text =
    `Hi ${order.contact.first_name},\n\n${thanks} ${next}\n\n` +
    `YOUR ORDER ${order.number}\n${order.lines.map(lineText).join('\n')}\n\n` +
    `${totals(order)
      .map(({ label, amount }) => `${label}: ${amount}`)
      .join('\n')}\n\n` +
    `${paymentText(order, shop)}\n${deliveryText(order, shop)}\n` +
    `Questions about your order? Reply to this mail or call us on ${shop.phone}, and mention your order number.\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hi ${order.contact.first_name},</p>
<p style="${STYLE.paragraph}">${thanks} ${next}</p>
<h2 style="${STYLE.heading}">Your order ${order.number}</h2>
${linesHtml(order)}
${paymentHtml(order, shop)}
${deliveryHtml(order, shop)}
<p style="${STYLE.paragraph}">Questions about your order? Reply to this mail or call us on ${shop.phone}, and mention your order number.</p>`;
  const preview = eft ? `Order ${order.number}: ${formatRand(order.total)}, to pay by EFT with reference ${order.number}.` : `Order ${order.number}: ${formatRand(order.total)}.`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview, body }) };
}
