import { html } from './html';
import { buttonLink, type MailContent, mailDocument, type MailShop, STYLE, textSignOff } from './layout';

export interface PasswordChangedMailInput {
  firstName: string;
  /** Where a shopper who did not change it asks for a reset link. */
  forgotPasswordUrl: string;
  /** The shop the mail signs as (the mailer's). */
  shop: MailShop;
}

/**
 * Sent when a signed-in shopper changes their password (OWASP ASVS 5.0 V6.3: tell the owner of
 * a changed credential), so a change made by someone else with a stolen session is noticed.
 */
export function passwordChangedMail({ firstName, forgotPasswordUrl, shop }: PasswordChangedMailInput): MailContent {
  const subject = 'Your Jacaranda password was changed';
  const text =
    `Hi ${firstName},\n\n` +
    `The password of your Jacaranda account has just been changed, and every other device signed in to it has been signed out.\n\n` +
    `If that was you, there is nothing more to do.\n\n` +
    `If it wasn't, choose a new password straight away here: ${forgotPasswordUrl}\nand reply to this mail so we can help.\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hi ${firstName},</p>
<p style="${STYLE.paragraph}">The password of your Jacaranda account has just been changed, and every other device signed in to it has been signed out.</p>
<p style="${STYLE.paragraph}">If that was you, there is nothing more to do.</p>
<p style="${STYLE.paragraph}">If it wasn't, choose a new password straight away, and reply to this mail so we can help.</p>
${buttonLink(forgotPasswordUrl, 'Choose a new password')}`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview: 'Your password was changed.', body }) };
}

/** Sent once an account is deleted: what went, and what the shop keeps. */
export function accountDeletedMail({ firstName, shop }: { firstName: string; shop: MailShop }): MailContent {
  const subject = 'Your Jacaranda account has been deleted';
  const kept =
    'We keep your orders for our books, as the tax rules ask, with your name, email, phone number and address removed from them.';
  const text =
    `Hi ${firstName},\n\n` +
    `As you asked, we have deleted your Jacaranda account: your profile, saved addresses, cart and wishlist are gone, and you are signed out everywhere.\n\n` +
    `${kept}\n\n` +
    `Sorry to see you go. You are welcome back any time.\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hi ${firstName},</p>
<p style="${STYLE.paragraph}">As you asked, we have deleted your Jacaranda account: your profile, saved addresses, cart and wishlist are gone, and you are signed out everywhere.</p>
<p style="${STYLE.paragraph}">${kept}</p>
<p style="${STYLE.paragraph}">Sorry to see you go. You are welcome back any time.</p>`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview: 'Your account has been deleted.', body }) };
}
