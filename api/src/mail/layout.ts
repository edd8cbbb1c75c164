/**
 * What every mail of the shop shares: its details, its sign-off and a plain HTML frame. Styles
 * are inline and there are no pictures, so a mail reads the same in every mail program and
 * fetches nothing from anywhere when opened.
 */
import { html, type HtmlValue, type SafeHtml } from './html';

/** As the storefront's footer and contact page give them. */
export const SHOP = {
  name: 'Jacaranda',
  address: '12 Jacaranda Street, Hatfield, Pretoria, 0083',
  phone: '+27 12 345 6789',
  hours: 'Mon-Sun 9:00 AM - 8:00 PM',
} as const;

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

export const TEXT_SIGN_OFF = `Warm regards,\nThe ${SHOP.name} team\n\n${SHOP.name} · ${SHOP.address} · ${SHOP.phone}\n`;

/** A link drawn as a button, with the address written out below it for mail programs that hide links. */
export function buttonLink(href: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:${BRAND};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${label}</a></p>
<p style="${STYLE.muted}">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a></p>`;
}

/**
 * The whole HTML document: the shop's name on top, `body`, the sign-off, `foot` if any (a
 * marketing mail's unsubscribe link) and the shop's details.
 */
export function mailDocument({ title, preview, body, foot }: { title: string; preview: string; body: HtmlValue; foot?: HtmlValue }): string {
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
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;color:${BRAND};">${SHOP.name}</p>
${body}
<p style="margin:24px 0 0;">Warm regards,<br>The ${SHOP.name} team</p>${foot === undefined ? '' : html`
${foot}`}
</div>
<p style="margin:16px 0 0;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5;color:${MUTED};">${SHOP.name} · ${SHOP.address} · ${SHOP.phone}<br>Open ${SHOP.hours}</p>
</div>
</body>
</html>
`.value
  }`;
}
