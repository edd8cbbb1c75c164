import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountDataSchema, ConfirmPasswordBodySchema, ErrorSchema } from '@storefront/contracts';
import { type Static, Type } from 'typebox';
import { clearSessionCookie, requireSignedIn } from '../../identity/sessions';
import { emailKey } from '../../identity/users';
import { accountDeletedMail } from '../../mail/accountNoticeMail';
import type { Mailer } from '../../mail/mailer';
import { newsletterConsent } from '../newsletter';
import { newShopperId, setShopperCookie } from '../../plugins/shopper';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema } from '../../schemas/common';
import { confirmPassword, type PasswordConfirmation } from './password';
import { shopperOrder, listOrders } from '../orders';

/** What a deleted account's reviews are signed with: the review stays, its author's name goes. */
export const DELETED_AUTHOR = 'A shopper';

type AccountData = Static<typeof AccountDataSchema>;
/** A row as the driver gives it: times may come as Date, bigints as strings. */
type Row<T> = { [K in keyof T]: unknown };

const responses = { ...errorResponses, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };

const iso = (value: unknown): string => new Date(value as string).toISOString();

export interface PrivacyRoutesOptions extends PasswordConfirmation {
  mail: Mailer;
}

/**
 * A signed-in shopper's own data, from /account: download all of it as JSON, or delete the
 * account. Both ask for the password again (counted like a sign-in), so a session left open on
 * a shared computer hands out neither.
 */
export const privacyRoutes: FastifyPluginAsyncTypebox<PrivacyRoutesOptions> = async (app, options) => {
  const { database, mail } = options;

  app.post(
    '/account/data-export',
    {
      schema: {
        operationId: 'exportAccountData',
        summary: 'Everything the shop holds about the signed-in account, as a JSON attachment',
        description: 'The password is asked for again: 403 `wrong_password`, and 429 past a few tries in a session.',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        body: ConfirmPasswordBodySchema,
        response: { 200: AccountDataSchema, ...responses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      await confirmPassword(options, request, user, request.body.password);
      const shopperId = request.shopperId;
      // One snapshot: an order placed meanwhile is either in every part of the file or in none.
      const data = await database.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const addresses = await tx.query<AccountData['addresses'][number]>(
          'SELECT id, label, recipient, street, suburb, city, province, postal_code FROM addresses WHERE user_id = $1 ORDER BY created_at',
          [user.id],
        );
        const reviews = await tx.query<Row<AccountData['reviews'][number]>>(
          `SELECT r.product_id, p.name AS product_name, r.rating, r.title, r.body, r.author_name, r.verified_buyer, r.created_at
           FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.user_id = $1 ORDER BY r.created_at`,
          [user.id],
        );
        const wishlist = await tx.query<Row<AccountData['wishlist'][number]>>(
          `SELECT w.product_id, p.name AS product_name, w.created_at AS added_at
           FROM wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.shopper_id = $1 ORDER BY w.created_at`,
          [shopperId],
        );
        const cart = await tx.query<Row<AccountData['cart'][number]>>(
          `SELECT c.product_id, p.name AS product_name, c.colour, c.size, c.qty, c.created_at AS added_at
           FROM cart_lines c JOIN products p ON p.id = c.product_id WHERE c.shopper_id = $1 ORDER BY c.created_at`,
          [shopperId],
        );
        const newsletter = await newsletterConsent(tx, user.email);
        const answer: AccountData = {
          exported_at: new Date().toISOString(),
          profile: user,
          addresses: addresses.rows,
          // Each order as its shopper sees it in the store (its history without the shop's own notes).
          orders: (await listOrders(tx, shopperId)).map((order) => {
            const { eft_payment: _eft, pay_by: _payBy, ...seen } = shopperOrder(order, { eft: null, paymentWindowHours: 0 });
            return seen;
          }),
          reviews: reviews.rows.map((row) => ({
            product_id: String(row.product_id),
            product_name: String(row.product_name),
            rating: Number(row.rating),
            title: String(row.title),
            body: String(row.body),
            author_name: String(row.author_name),
            verified_buyer: row.verified_buyer === true,
            created_at: iso(row.created_at),
          })),
          wishlist: wishlist.rows.map((row) => ({ product_id: String(row.product_id), product_name: String(row.product_name), added_at: iso(row.added_at) })),
          cart: cart.rows.map((row) => ({
            product_id: String(row.product_id),
            product_name: String(row.product_name),
            colour: row.colour === null ? null : String(row.colour),
            size: row.size === null ? null : String(row.size),
            qty: Number(row.qty),
            added_at: iso(row.added_at),
          })),
          newsletter,
        };
        return answer;
      });
      const day = data.exported_at.slice(0, 10);
      return reply.header('Content-Disposition', `attachment; filename="jacaranda-account-data-${day}.json"`).send(data);
    },
  );

  app.post(
    '/account/delete',
    {
      schema: {
        operationId: 'deleteAccount',
        summary: 'Deletes the signed-in account; its orders stay for the books without its personal details',
        description: 'The password is asked for again: 403 `wrong_password`, and 429 past a few tries in a session.',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        body: ConfirmPasswordBodySchema,
        response: { 204: Type.Null(), ...responses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      await confirmPassword(options, request, user, request.body.password);
      const shopperId = request.shopperId;
      await database.transaction(async (tx) => {
        // Held to the end: an order or a cart add of this account's waits, then finds it gone.
        const still = await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        if (still.rows.length === 0) return;
        await tx.query('SELECT 1 FROM shoppers WHERE id = $1 FOR UPDATE', [shopperId]);
        // Orders stay for the books (tax records), with the personal fields gone.
        await tx.query(
          `UPDATE orders SET first_name = NULL, last_name = NULL, email = NULL, phone = NULL, client_address = NULL,
             street = NULL, suburb = NULL, city = NULL, province = NULL, postal_code = NULL,
             personal_data_removed_at = now()
           WHERE shopper_id = $1 AND personal_data_removed_at IS NULL`,
          [shopperId],
        );
        await tx.query('DELETE FROM order_idempotency_keys WHERE shopper_id = $1', [shopperId]);
        await tx.query('DELETE FROM cart_lines WHERE shopper_id = $1', [shopperId]);
        await tx.query('DELETE FROM wishlist_items WHERE shopper_id = $1', [shopperId]);
        // Reviews help other shoppers and stay, no longer signed with the shopper's name.
        await tx.query('UPDATE reviews SET author_name = $2 WHERE user_id = $1', [user.id, DELETED_AUTHOR]);
        const key = emailKey(user.email);
        await tx.query('DELETE FROM newsletter_subscribers WHERE email_key = $1', [key]);
        await tx.query('DELETE FROM login_failures WHERE email_key = $1', [key]);
        // Sessions, addresses and reset links go with the account (ON DELETE CASCADE).
        await tx.query('DELETE FROM users WHERE id = $1', [user.id]);
        await mail.send(tx, { to: user.email, ...accountDeletedMail({ firstName: user.first_name, shop: mail.shop }) });
      });
      clearSessionCookie(reply);
      // A fresh anonymous shopper, as on sign-out: nothing of the account stays reachable here.
      setShopperCookie(reply, newShopperId());
      return reply.code(204).send(null);
    },
  );
};
