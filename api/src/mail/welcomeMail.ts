import { html } from './html';
import { buttonLink, type MailContent, mailDocument, type MailShop, STYLE, textSignOff } from './layout';

export interface WelcomeMailInput {
  firstName: string;
  /** The storefront's address, for the links to the shop and the account. */
  storefrontUrl: string;
  /** The shop the mail signs as (the mailer's). */
  shop: MailShop;
}

/** Sent once an account is opened: what it is good for, and what to do if it was not the shopper. */
export function welcomeMail({ firstName, storefrontUrl, shop }: WelcomeMailInput): MailContent {
  // No name in the subject: subjects go into the log when a mail cannot be sent.
  const subject = 'Welcome to Jacaranda';
  const shopLink = new URL('/shop', storefrontUrl).toString();
  const account = new URL('/account', storefrontUrl).toString();
  const text =
    `Hi ${firstName},\n\n` +
    `Welcome to Jacaranda! Your account is ready.\n\n` +
    `Signed in, you check out quicker with your saved addresses, see every order you have placed, and your cart and wishlist go with you from your phone to your laptop.\n\n` +
    `Your account: ${account}\n` +
    `Have a look at what's new in the shop: ${shopLink}\n\n` +
    `Didn't open an account with us? Just reply to this mail and we'll sort it out.\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hi ${firstName},</p>
<p style="${STYLE.paragraph}">Welcome to Jacaranda! Your account is ready.</p>
<p style="${STYLE.paragraph}">Signed in, you check out quicker with your saved addresses, see every order you have placed, and your cart and wishlist go with you from your phone to your laptop.</p>
${buttonLink(shopLink, "See what's new in the shop")}
<p style="${STYLE.paragraph}">Your orders and addresses are in <a href="${account}" style="color:#0f766e;">your account</a>.</p>
<p style="${STYLE.paragraph}">Didn't open an account with us? Just reply to this mail and we'll sort it out.</p>`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview: 'Your Jacaranda account is ready.', body }) };
}
