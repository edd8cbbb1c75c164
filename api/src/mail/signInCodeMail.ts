import { html } from './html';
import { buttonLink, type MailContent, mailDocument, type MailShop, STYLE, textSignOff } from './layout';

export interface SignInCodeMailInput {
  firstName: string;
  /** Six digits: with the password, it signs the account in once. */
  code: string;
  /** How long the code works. */
  validForMinutes: number;
  /** Where a shopper who did not try to sign in chooses a new password. */
  forgotPasswordUrl: string;
  /** The shop the mail signs as (the mailer's). */
  shop: MailShop;
}

/**
 * The one-time code an account asks for while its password is being guessed. It goes only after
 * the right password was typed, so a mail the owner did not ask for means someone else knows the
 * password: the mail says so, and how to change it. The code is not in the subject, which phones
 * show on a locked screen and the log keeps when a mail cannot be sent.
 */
export function signInCodeMail({ firstName, code, validForMinutes, forgotPasswordUrl, shop }: SignInCodeMailInput): MailContent {
  const subject = 'Your Jacaranda sign-in code';
  const why =
    'Someone (we hope you) has just typed the right password to sign in to your Jacaranda account. There have been several wrong passwords for it lately, so we ask for one more step: this code.';
  const notYou = "If it wasn't you, someone knows your password: choose a new one straight away, and don't share this code with anyone.";
  const text =
    `Hi ${firstName},\n\n` +
    `${why}\n\n` +
    `Your code: ${code}\n\n` +
    `Type it into the sign-in form within ${validForMinutes} minutes. It works once. We never ask for it by phone or message.\n\n` +
    `${notYou}\n${forgotPasswordUrl}\n\n` +
    textSignOff(shop);
  const body = html`<p style="${STYLE.paragraph}">Hi ${firstName},</p>
<p style="${STYLE.paragraph}">${why}</p>
<p style="${STYLE.box}">Your code: <strong style="font-size:24px;letter-spacing:4px;">${code}</strong></p>
<p style="${STYLE.paragraph}">Type it into the sign-in form within ${validForMinutes} minutes. It works once. We never ask for it by phone or message.</p>
<p style="${STYLE.paragraph}">${notYou}</p>
${buttonLink(forgotPasswordUrl, 'Choose a new password')}`;
  return { subject, text, html: mailDocument({ shop, title: subject, preview: `Your code works for ${validForMinutes} minutes.`, body }) };
}
