import { html } from './html';
import { buttonLink, type MailContent, mailDocument, type MailShop, STYLE, textSignOff } from './layout';

export interface PasswordResetMailInput {
  firstName: string;
  /** The storefront's reset page with the token: whoever holds it can set the password. */
  link: string;
  /** How long the link works. */
  validForMinutes: number;
  /** The shop the mail signs as (the mailer's). */
  shop: MailShop;
}

function within(minutes: number): string {
  if (minutes === 60) return 'within the hour';
  return minutes % 60 === 0 ? `within ${minutes / 60} hours` : `within ${minutes} minutes`;
}

/** The link to choose a new password, sent on request from the sign-in form. */
export function passwordResetMail({ firstName, link, validForMinutes, shop }: PasswordResetMailInput): MailContent {
  const subject = 'Reset your Jacaranda password';
  const when = within(validForMinutes);
  const text =
    `Hi ${firstName},\n\n` +
    `Someone (we hope you) asked to reset the password of your Jacaranda account.\n` +
    `Choose a new password here ${when}:\n\n${link}\n\n` +
    `The link works once. If it wasn't you, ignore this mail: your password stays as it is, and nobody can change it without this link.\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hi ${firstName},</p>
<p style="${STYLE.paragraph}">Someone (we hope you) asked to reset the password of your Jacaranda account. Choose a new password ${when}:</p>
${buttonLink(link, 'Choose a new password')}
<p style="${STYLE.paragraph}">The link works once. If it wasn't you, ignore this mail: your password stays as it is, and nobody can change it without this link.</p>`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview: `Choose a new password ${when}.`, body }) };
}
