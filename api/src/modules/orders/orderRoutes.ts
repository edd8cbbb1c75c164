import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LookedUpOrderSchema, OrderLookupBodySchema, OrderSchema, PaymentMethodsAnswerSchema, PlaceOrderBodySchema } from '@storefront/contracts';
import { Type } from 'typebox';
import type { EftAccount, PaymentMethod } from '@storefront/shared/types';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { orderConfirmationMail } from '../../mail/orderConfirmationMail';
import { requestSubscription, type NewsletterMailing } from '../newsletter';
import type { ApiLimits, WindowLimit } from '../../limits';
import { clientAddressKey } from '../../net/clientAddress';
import { apiError } from '../../schemas/errors';
import { limitPerAddress, waitInWords } from '../../plugins/rateLimits';
import { access } from '../../schemas/access';
import { NoQuerySchema } from '../../schemas/common';
import type { UnpaidOrderLimits } from '../../options';
import { lookedUpOrder, shopperOrder } from './orderLife';
import { canonicalOrderNumber } from './orderNumber';
import { findOrder, findOrderByNumberAndEmail, listOrders, type StoredOrder } from './orderQueries';
import { IdempotencyHeadersSchema, OrderIdParamsSchema, orderErrorResponses, orderWriteErrorResponses } from './orderSchemas';
import { placeOrder } from './placeOrder';

/** Set on an answer that repeats the order an earlier request with the same Idempotency-Key made. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const EFT_UNAVAILABLE = 'This shop does not take EFT payments at the moment: choose cash on delivery or collection.';

/** Why a shopper cannot hold another unpaid order, and what to do about it. */
export function tooManyUnpaidOrdersMessage(limit: number): string {
  const orders = limit === 1 ? 'an unpaid order' : `${limit} unpaid orders`;
  return `You already have ${orders}, the most we hold for one shopper. Once one is paid you can place this order, or contact us and we will help.`;
}

/** "hour", "2 hours", "15 minutes": a window as a shopper says it after "in the last". */
function windowInWords(seconds: number): string {
  if (seconds === 3600) return 'hour';
  if (seconds % 3600 === 0) return `${seconds / 3600} hours`;
  if (seconds === 60) return 'minute';
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}

/**
 * Why an order from a busy connection must wait, and what the shopper can do: many shoppers may
 * share their connection's address (a mobile network's), so this is about the connection, not them.
 */
export function tooManyOrdersFromAddressMessage(limit: WindowLimit, retryAfterSeconds: number): string {
  const orders = limit.max === 1 ? 'An order has' : `${limit.max} orders have`;
  return (
    `${orders} been placed from your internet connection in the last ${windowInWords(limit.windowSeconds)}, the most we take from one connection ` +
    `(a mobile network can put many shoppers behind one). Your cart is kept: please try again in ${waitInWords(retryAfterSeconds)}, ` +
    `or place the order over another connection (Wi-Fi instead of mobile data, or the other way round), or contact us and we will help.`
  );
}

export interface OrderRoutesOptions {
  database: Database;
  /** The shop's bank account; EFT is offered only with one. */
  eft: EftAccount | null;
  unpaidOrderLimits: UnpaidOrderLimits;
  /** How long an EFT order waits for its payment before it expires. */
  paymentWindowHours: number;
  mail: Mailer;
  limits: ApiLimits;
  /** For the checkout's newsletter box: the confirmation mail the order's email is sent. */
  newsletter: NewsletterMailing;
}

/** The same for a wrong email as for an unknown number: the answer must not tell which numbers exist. */
export const ORDER_LOOKUP_NOT_FOUND = 'We could not find an order with that number and email. Check both against your order confirmation mail.';

export const orderRoutes: FastifyPluginAsyncTypebox<OrderRoutesOptions> = async (app, { database, eft, unpaidOrderLimits, paymentWindowHours, mail, limits, newsletter }) => {
  // The current account, whenever the order was placed: a shop that changes banks wants the
  // payments that are still to come in the new one.
  const terms = { eft, paymentWindowHours };
  const answer = (order: StoredOrder) => shopperOrder(order, terms);
  const paymentMethods: PaymentMethod[] = eft ? ['eft', 'cod'] : ['cod'];

  app.get(
    '/payment-methods',
    {
      schema: {
        operationId: 'listPaymentMethods',
        summary: 'How the shop takes payment: EFT and cash on delivery, or cash alone while no bank account is set',
        tags: ['orders'],
        security: access.anyone,
        querystring: NoQuerySchema,
        response: { 200: PaymentMethodsAnswerSchema, ...orderErrorResponses },
      },
    },
    async () => ({ payment_methods: paymentMethods }),
  );

  app.post(
    '/orders',
    {
      // Takes stock: answered only once the product cache has heard of it.
      config: { changesProducts: true },
      schema: {
        operationId: 'placeOrder',
        summary: 'Places an order from the shopper’s cart',
        description: 'The same `Idempotency-Key` and body again answer the same order (201 with `Idempotent-Replayed: true`); another body with a used key is 422. 409 `insufficient_stock` names the short lines.',
        tags: ['orders'],
        security: access.shopper,
        headers: IdempotencyHeadersSchema,
        querystring: NoQuerySchema,
        body: PlaceOrderBodySchema,
        response: { 201: OrderSchema, ...orderWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await placeOrder(database, {
        shopperId: request.shopperId,
        clientAddress: clientAddressKey(request.ip),
        idempotencyKey: request.headers['idempotency-key'],
        request: request.body,
        eftOffered: eft !== null,
        unpaidOrderLimits,
        // The confirmation is written with the order: a refused order mails nothing, and a replay
        // repeats no mail. So is the newsletter's request for consent when the shopper ticked its
        // box: the order's email is mailed a link to confirm (modules/newsletter/subscriptions.ts).
        onPlaced: async (tx, placed) => {
          await mail.send(tx, { to: placed.contact.email, ...orderConfirmationMail(answer(placed), mail.shop) });
          if (request.body.marketingConsent === true) await requestSubscription(tx, newsletter, { email: placed.contact.email, source: 'checkout' });
        },
      });
      switch (outcome.kind) {
        case 'created':
          return reply.code(201).send(answer(outcome.order));
        case 'replayed':
          // The same answer as the first time, so a client that lost it can simply retry.
          return reply.code(201).header(REPLAYED_HEADER, 'true').send(answer(outcome.order));
        case 'eft_unavailable':
          return reply.code(400).send(apiError('eft_unavailable', EFT_UNAVAILABLE));
        case 'too_many_unpaid_orders':
          return reply.code(429).send(apiError('too_many_unpaid_orders', tooManyUnpaidOrdersMessage(outcome.limit)));
        case 'too_many_orders_from_address':
          return reply
            .code(429)
            .header('Retry-After', String(outcome.retryAfterSeconds))
            .send(apiError('too_many_orders_from_address', tooManyOrdersFromAddressMessage(outcome.limit, outcome.retryAfterSeconds)));
        case 'key_reused':
          return reply
            .code(422)
            .send(apiError('idempotency_key_reused', 'This Idempotency-Key was already used for a different order; use a new key for a new order.'));
        case 'empty_cart':
          return reply.code(400).send(apiError('empty_cart', 'Your cart is empty: add something before checking out.'));
        case 'insufficient_stock':
          return reply.code(409).send({
            error: 'insufficient_stock',
            message: `Not enough stock for ${outcome.lines.map((line) => `"${line.name}" (${line.available} left)`).join(', ')}.`,
            lines: outcome.lines,
          });
      }
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        operationId: 'listOrders',
        summary: 'The shopper’s orders, newest first',
        tags: ['orders'],
        security: access.shopper,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(OrderSchema), ...orderErrorResponses },
      },
    },
    async (request) => (await listOrders(database, request.shopperId)).map(answer),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        operationId: 'getOrder',
        summary: 'One of the shopper’s orders',
        tags: ['orders'],
        security: access.shopper,
        params: OrderIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: OrderSchema, ...orderErrorResponses },
      },
    },
    async (request, reply) => {
      const order = await findOrder(database, request.shopperId, request.params.id);
      if (!order) return reply.code(404).send(apiError('not_found', `No order "${request.params.id}"`));
      return answer(order);
    },
  );

  app.post(
    '/orders/lookup',
    {
      config: {
        rateLimit: limitPerAddress('order-lookup', limits.orderLookup, (wait) =>
          apiError('too_many_lookups', `You have looked up several orders in a short while. Please try again in ${wait}.`),
        ),
      },
      schema: {
        operationId: 'lookUpOrder',
        summary: 'A guest’s order, by its number and email',
        description: 'Only the town and the phone’s last four digits of the contact details. A wrong email and an unknown number are the same 404.',
        tags: ['orders'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: OrderLookupBodySchema,
        response: { 200: LookedUpOrderSchema, ...orderWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumberAndEmail(database, canonicalOrderNumber(request.body.number), request.body.email);
      if (!order) return reply.code(404).send(apiError('not_found', ORDER_LOOKUP_NOT_FOUND));
      return lookedUpOrder(order, terms);
    },
  );
};
