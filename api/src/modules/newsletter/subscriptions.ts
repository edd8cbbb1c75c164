/**
 * Consent to the newsletter, given twice (double opt-in): asking for it (the footer's form, or
 * the checkout's box) records the address as pending and mails its owner a link; only following
 * the link subscribes the address. Nobody can subscribe someone else's address, and the shop can
 * show when and where each subscriber consented (the account's data download does).
 *
 * - The link's token is random, stored only as its hash, and confirms once; followed again it
 *   says the address was already subscribed. It works for NEWSLETTER_CONFIRM_DAYS; the sweep then
 *   forgets the pending address (cleanup/expireData.ts).
 * - Asking again for a pending address mails a new link, which replaces the last one; asking for
 *   a subscribed address changes nothing and mails nothing. Either way the asker is told the same,
 *   so the form never tells who is subscribed.
 * - Confirmation mails to one inbox are limited (limits.newsletterPerEmail), whoever asks and from
 *   wherever: past it the asker is told the same and nothing is sent.
 * - Every subscriber has an unsubscribe token, carried by every marketing mail; unsubscribing
 *   deletes the address.
 */
import type { NewsletterConsentSchema, Static } from '@storefront/contracts';
import type { WindowLimit } from '../../limits';
import { hashToken, newToken, TOKEN_PATTERN } from '../../identity/tokens';
import { emailKey } from '../../identity/users';
import { BATCH_SIZE, deleteInBatches, deleteStatement } from '../../cleanup/expireData';
import type { Database, Queryable, Transaction } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { newsletterConfirmationMail, newsletterConfirmLink, newsletterWelcomeMail } from '../../mail/newsletterMail';
import { countHit } from '../../plugins/rateLimits';

/** How long a confirmation link works; a pending address is forgotten once it has expired. */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** Where consent was asked for. */
export type NewsletterSource = NonNullable<NewsletterConsent['source']>;

/** What the newsletter's mail needs: the mailer (which names the shop sending it), links, the cap per inbox. */
export interface NewsletterMailing {
  mail: Mailer;
  storefrontUrl: string;
  perEmail: WindowLimit;
}

/** Tokens of links the api mails: 32 random bytes in base64url. */
export function isNewsletterToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * Asks the owner of `email` to confirm a subscription, in the caller's transaction (the footer's
 * request, or an order's): the address is recorded as pending and its confirmation mail written
 * with it, so both happen or neither. An address already subscribed is left as it is, unmailed.
 */
export async function requestSubscription(tx: Transaction, mailing: NewsletterMailing, request: { email: string; source: NewsletterSource }): Promise<void> {
  const email = request.email.trim();
  const key = emailKey(email);
  const asked = await countHit(tx, `newsletter-email:${key}`, mailing.perEmail.windowSeconds * 1000);
  if (asked.current > mailing.perEmail.max) return;
  const token = newToken();
  const pending = await tx.query(
    `INSERT INTO newsletter_subscribers (email, email_key, status, source, requested_at, confirm_token_hash, unsubscribe_token)
     VALUES ($1, $2, 'pending', $3, now(), $4, $5)
     ON CONFLICT (email_key) DO UPDATE SET
       email = EXCLUDED.email, source = EXCLUDED.source, requested_at = EXCLUDED.requested_at, confirm_token_hash = EXCLUDED.confirm_token_hash
     WHERE newsletter_subscribers.status = 'pending'
     RETURNING id`,
    [email, key, request.source, hashToken(token), newToken()],
  );
  if (pending.rows.length === 0) return;
  await mailing.mail.send(tx, {
    to: email,
    ...newsletterConfirmationMail({ link: newsletterConfirmLink(mailing.storefrontUrl, token), validForDays: NEWSLETTER_CONFIRM_DAYS, source: request.source, shop: mailing.mail.shop }),
  });
}

export type ConfirmOutcome = 'subscribed' | 'already_subscribed' | 'expired' | 'unknown';

/**
 * Follows a confirmation link: the pending address it names becomes subscribed, and its welcome
 * (the first marketing mail, with the unsubscribe link and headers) is written in the same
 * transaction. A link followed again changes nothing.
 */
export async function confirmSubscription(database: Database, mailing: NewsletterMailing, token: string): Promise<ConfirmOutcome> {
  return database.transaction(async (tx) => {
    const found = await tx.query<{ id: string; email: string; status: string; unsubscribe_token: string; expired: boolean }>(
      `SELECT id, email, status, unsubscribe_token, requested_at <= now() - make_interval(days => $2) AS expired
       FROM newsletter_subscribers WHERE confirm_token_hash = $1 FOR UPDATE`,
      [hashToken(token), NEWSLETTER_CONFIRM_DAYS],
    );
    const row = found.rows[0];
    if (!row) return 'unknown';
    if (row.status === 'confirmed') return 'already_subscribed';
    if (row.expired) return 'expired';
    await tx.query(`UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = now() WHERE id = $1`, [row.id]);
    await mailing.mail.send(tx, {
      to: row.email,
      ...newsletterWelcomeMail({ storefrontUrl: mailing.storefrontUrl, unsubscribeToken: row.unsubscribe_token, shop: mailing.mail.shop }),
    });
    return 'subscribed';
  });
}

/** Ends the subscription the token names, pending or confirmed, by deleting the address; a token that names none is already done. */
export async function unsubscribe(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM newsletter_subscribers WHERE unsubscribe_token = $1', [token]);
}

/**
 * An address's consent as its owner's data download shows it. `consented_at` is when the
 * confirmation link was followed (for an address stored before double opt-in, when it was
 * stored); `requested_at` when consent was (last) asked for.
 */
export type NewsletterConsent = Static<typeof NewsletterConsentSchema>;

const NO_CONSENT: NewsletterConsent = { status: 'none', subscribed: false, consented_at: null, source: null, requested_at: null };

export async function newsletterConsent(db: Queryable, email: string): Promise<NewsletterConsent> {
  const found = await db.query<{ status: string; source: NewsletterSource; requested_at: Date | string; confirmed_at: Date | string | null }>(
    'SELECT status, source, requested_at, confirmed_at FROM newsletter_subscribers WHERE email_key = $1',
    [emailKey(email)],
  );
  const row = found.rows[0];
  if (!row) return NO_CONSENT;
  const subscribed = row.status === 'confirmed';
  return {
    status: subscribed ? 'subscribed' : 'pending',
    subscribed,
    consented_at: subscribed && row.confirmed_at !== null ? new Date(row.confirmed_at).toISOString() : null,
    source: row.source,
    requested_at: new Date(row.requested_at).toISOString(),
  };
}

/**
 * Newsletter addresses asked for and never confirmed, once their link has expired
 * (NEWSLETTER_CONFIRM_DAYS): without their owner's consent the shop keeps nothing of them.
 */
export function deleteUnconfirmedSubscriptions(db: Queryable, limit = BATCH_SIZE): Promise<number> {
  const expired = `status = 'pending' AND requested_at <= now() - make_interval(days => $1)`;
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM newsletter_subscribers WHERE id IN (
         SELECT id FROM newsletter_subscribers WHERE ${expired}
         ORDER BY requested_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       AND ${expired}
       RETURNING 1`,
      [NEWSLETTER_CONFIRM_DAYS],
      limit,
    ),
  );
}
