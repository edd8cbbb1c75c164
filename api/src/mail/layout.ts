/**
 * What every mail of the shop shares: its details, its sign-off and a plain HTML frame. Styles
 * are inline and there are no pictures, so a mail reads the same in every mail program and
 * fetches nothing from anywhere when opened.
 */
import { SAMPLE_SHOP, type ShopDetails } from '../shop/shopDetails';
import { html, type HtmlValue, type SafeHtml } from './html';

/**
 * The shop as its mail names it: the storefront's name, and the physical address and phone number
 * its configuration gives (SHOP_ADDRESS, SHOP_PHONE), as the storefront's footer, contact and legal
 * pages show them. Every mail ends with them; an order's mail says where to collect and whom to call.
 */
export interface MailShop {
  name: string;
  /** The business behind the shop (SHOP_LEGAL_NAME): a marketing mail names who sends it. */
  legalName: string;
  /** One line: "12 Jacaranda Street, Hatfield, Pretoria, 0083". */
  address: string;
  phone: string;
  email: string;
  hours: string;
}

/** The storefront's name: what shoppers know the shop as. */
export const SHOP_NAME = 'Jacaranda';

/** How the shop's mail names it, from its details. */
export function mailShopOf(details: Pick<ShopDetails, 'legalName' | 'address' | 'phone' | 'email'>): MailShop {
  return { name: SHOP_NAME, legalName: details.legalName, address: details.address.join(', '), phone: details.phone, email: details.email, hours: 'Mon-Sun 9:00 AM - 8:00 PM' };
}

/** The made-up shop of development and the tests (shopDetails.ts's SAMPLE_SHOP). */
export const SAMPLE_MAIL_SHOP: MailShop = mailShopOf(SAMPLE_SHOP);

/** A moment as a shopper here reads it: 21 November 2026 at 14:05. */
const MOMENT = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Johannesburg',
});

export function shopMoment(iso: string): string {
  const parts = Object.fromEntries(MOMENT.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}`;
}

/** Every mail, in both its forms. */
export interface MailContent {
  subject: string;
  /** Plain text, for mail programs that show no HTML and for the developer outbox. */
  text: string;
  html: string;
  /**
   * Headers of its own, besides those every mail has: a marketing mail's unsubscribe headers
   * (newsletterMail.ts, marketingHeaders). Names and values are checked when the mail is written
   * (mailer.ts): one line each, and never a header the mailer sets itself.
   */
  headers?: Readonly<Record<string, string>>;
}

/** The storefront's own colours (shared/src/ui/styles.css). */
const BRAND = '#0f766e';
const INK = '#1f2933';
const MUTED = '#5f6b76';

export const STYLE = {
  paragraph: `margin:0 0 16px;`,
  heading: `margin:24px 0 8px;font-size:17px;color:${INK};`,
  muted: `margin:0 0 16px;color:${MUTED};font-size:13px;`,
  cell: `padding:6px 8px 6px 0;border-bottom:1px solid #e4e7eb;vertical-align:top;`,
  amount: `padding:6px 0 6px 8px;border-bottom:1px solid #e4e7eb;vertical-align:top;text-align:right;white-space:nowrap;`,
  box: `margin:0 0 16px;padding:12px 16px;background:#f0fdfa;border:1px solid #99f6e4;border-radius:6px;`,
} as const;

/** The plain text's sign-off: the team, then the shop's name, address and phone. */
export function textSignOff(shop: MailShop): string {
  return `Warm regards,\nThe ${shop.name} team\n\n${shop.name} · ${shop.address} · ${shop.phone}\n`;
}

/** A link drawn as a button, with the address written out below it for mail programs that hide links. */
export function buttonLink(href: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${label}</a></p>
<p style="${STYLE.muted}">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a></p>`;
}

/**
 * The whole HTML document: the shop's name on top, `body`, the sign-off, `foot` if any (a
 * marketing mail's unsubscribe link) and the shop's details.
 */
export function mailDocument({ shop, title, preview, body, foot }: { shop: MailShop; title: string; preview: string; body: HtmlValue; foot?: HtmlValue }): string {
  return `<!DOCTYPE html>\n${
    html`<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:#f5f7fa;">
<div style="display:none;max-height:0;overflow:hidden;">${preview}</div>
<div style="max-width:600px;margin:0 auto;padding:24px 16px;">
<div style="background:#ffffff;border-radius:8px;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:${INK};">
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;color:${BRAND};">${shop.name}</p>
${body}
<p style="margin:24px 0 0;">Warm regards,<br>The ${shop.name} team</p>${foot === undefined ? '' : html`
${foot}`}
</div>
<p style="margin:16px 0 0;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5;color:${MUTED};">${shop.name} · ${shop.address} · ${shop.phone}<br>Open ${shop.hours}</p>
</div>
</body>
</html>
`.value
  }`;
}
