/**
 * The newsletter's mail: the link that confirms a subscription, and the marketing mail sent once
 * it is confirmed. Every marketing mail is made with `marketingMail`, which gives it what the law
 * on direct marketing (the Protection of Personal Information Act, section 69) and the mail
 * providers ask of it: who sends it, and a way to unsubscribe in one step, both in its text
 * (a link to the storefront's page) and in its headers (List-Unsubscribe with one-click POST, RFC
 * 8058, which mail programs show as an "Unsubscribe" button).
 */
import { html, type SafeHtml } from './html';
import { buttonLink, type MailContent, mailDocument, type MailShop, STYLE, textSignOff } from './layout';

/** The storefront's page that confirms a subscription: `/newsletter/confirm?token=…`. */
export function newsletterConfirmLink(storefrontUrl: string, token: string): string {
  const link = new URL('/newsletter/confirm', storefrontUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

/** The storefront's page that unsubscribes: `/newsletter/unsubscribe?token=…`, for a reader following the link in a mail. */
export function newsletterUnsubscribePage(storefrontUrl: string, token: string): string {
  const link = new URL('/newsletter/unsubscribe', storefrontUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

/**
 * The api's one-click unsubscribe, as the storefront serves it (`/api/…`): where a mail program
 * POSTs `List-Unsubscribe=One-Click` when its reader presses its "Unsubscribe" button.
 */
export function oneClickUnsubscribeUrl(storefrontUrl: string, token: string): string {
  const link = new URL('/api/newsletter/unsubscribe', storefrontUrl);
  link.searchParams.set('token', token);
  return link.toString();
}

/**
 * The headers of every marketing mail (RFC 2369 and RFC 8058): the one-click unsubscribe address,
 * and the word that it takes a POST, so a mail program's button unsubscribes without opening a
 * page (and a link checker that merely fetches the address unsubscribes nobody). No mailto:
 * address is offered: nothing at the shop reads such mail and acts on it, and an unsubscribe that
 * waits for a person is not one step.
 */
export function marketingHeaders(storefrontUrl: string, unsubscribeToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(storefrontUrl, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Who a marketing mail is from, and how its reader stops it: for every marketing mail. */
export interface MarketingRecipient {
  /** The storefront's public address, for the links. */
  storefrontUrl: string;
  /** The subscriber's unsubscribe token (newsletter_subscribers.unsubscribe_token). */
  unsubscribeToken: string;
  /** The business that sends it (SHOP_*), named at its foot. */
  shop: MailShop;
}

/** A marketing mail's own part: what it says, before its foot. */
export interface MarketingMailBody {
  subject: string;
  preview: string;
  text: string;
  html: SafeHtml;
}

/**
 * A marketing mail: `body` with a foot that names the business sending it and gives the link
 * that unsubscribes, and the unsubscribe headers (marketingHeaders). Use it for every mail sent
 * because someone subscribed, never for a mail about an order or an account.
 */
export function marketingMail(body: MarketingMailBody, { storefrontUrl, unsubscribeToken, shop }: MarketingRecipient): MailContent {
  const unsubscribe = newsletterUnsubscribePage(storefrontUrl, unsubscribeToken);
  const sender = `${shop.legalName}, ${shop.address}, ${shop.email}`;
  const text =
    `${body.text}\n\n` +
    textSignOff(shop) +
    `\nYou get this mail because you subscribed to the Jacaranda newsletter. To stop it, unsubscribe here (one click, no sign-in):\n${unsubscribe}\n` +
    `Sent by ${sender}.\n`;
  const foot = html`<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0 16px;">
<p style="${STYLE.muted}">You get this mail because you subscribed to the Jacaranda newsletter. To stop it, <a href="${unsubscribe}" style="color:#0f766e;">unsubscribe</a> (one click, no sign-in).<br>Sent by ${sender}.</p>`;
  return {
    subject: body.subject,
    text,
    html: mailDocument({ shop, title: body.subject, preview: body.preview, body: body.html, foot }),
    headers: marketingHeaders(storefrontUrl, unsubscribeToken),
  };
}

export interface NewsletterConfirmationInput {
  /** The storefront's confirm page with the token (newsletterConfirmLink). */
  link: string;
  /** How long the link works. */
  validForDays: number;
  /** Asked for with an order (the checkout's box) or on the footer's form. */
  source: 'footer' | 'checkout';
  shop: MailShop;
}

/**
 * Asks the address's owner to confirm the subscription. Not marketing itself: it is sent once,
 * because someone asked, and says that nothing more comes unless they confirm.
 */
export function newsletterConfirmationMail({ link, validForDays, source, shop }: NewsletterConfirmationInput): MailContent {
  const subject = 'Please confirm your Jacaranda newsletter subscription';
  const where = source === 'checkout' ? 'with an order at Jacaranda' : 'on the Jacaranda website';
  const asked = `Someone (we hope you) asked ${where} for our newsletter to be sent to this address.`;
  const ignore = `If it wasn't you, ignore this mail: we send nothing more, and forget the address after ${validForDays} days.`;
  const text =
    `Hello,\n\n${asked}\n` +
    `To confirm that you want it, follow this link within ${validForDays} days:\n\n${link}\n\n` +
    `${ignore}\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hello,</p>
<p style="${STYLE.paragraph}">${asked} To confirm that you want it, follow this link within ${validForDays} days:</p>
${buttonLink(link, 'Yes, subscribe me')}
<p style="${STYLE.paragraph}">${ignore}</p>`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview: 'One click to confirm your subscription.', body }) };
}

/** The first marketing mail, sent once a subscription is confirmed. */
export function newsletterWelcomeMail(recipient: MarketingRecipient): MailContent {
  const sale = new URL('/shop?on_sale=true', recipient.storefrontUrl).toString();
  const newIn = new URL('/shop', recipient.storefrontUrl).toString();
  const intro = 'Thank you for subscribing to the Jacaranda newsletter. You will hear from us about new arrivals and sales, now and then.';
  return marketingMail(
    {
      subject: 'Welcome to the Jacaranda newsletter',
      preview: 'You are subscribed: new arrivals and sales, now and then.',
      text: `Hello,\n\n${intro}\n\nWhat's on sale now: ${sale}\nThe whole shop: ${newIn}`,
      html: html`<p style="${STYLE.paragraph}">Hello,</p>
<p style="${STYLE.paragraph}">${intro}</p>
${buttonLink(sale, "See what's on sale")}
<p style="${STYLE.paragraph}">Or browse <a href="${newIn}" style="color:#0f766e;">the whole shop</a>.</p>`,
    },
    recipient,
  );
}
