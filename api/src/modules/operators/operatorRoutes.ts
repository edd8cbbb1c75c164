import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorSchema,
  OperatorOrderPageSchema,
  OperatorOrderSchema,
  OperatorSummarySchema,
  OrderMoveBodySchema,
  TypedEmailSchema,
} from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { MediaAnswer, NoQuerySchema } from '../../schemas/common';
import { isLoopbackHost } from '../../net/loopback';
import { findOrderByNumber, listOrdersForOperator, matchOperatorOrderNumber, moveOrder, type OperatorNumberMatch, operatorOrder, OperatorOrderListQuerySchema, OperatorOrderNumberParamsSchema, ordersCsv, type OrderTerms, paidTotals } from '../orders';
import { releaseHealthRoutes } from '../telemetry';
import { catalogueFileRoutes } from '../catalogueFiles';
import { productEditRoutes } from '../productEditing';
import type { TelemetryOptions } from '../../options';
import { isMachineToken } from '../../identity/machineCredential';
import { operatorMailRoutes } from './operatorMailRoutes';
import { grantOperator, listOperators, revokeOperator } from './operators';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting on an operator route: the operator's email, or 'command line'. */
    operatorActor: string | null;
  }
}

/** How the command line's requests are named in an order's history and the log. */
export const COMMAND_LINE_ACTOR = 'command line';

export interface OperatorRoutesOptions {
  database: Database;
  terms: OrderTerms;
  mail: Mailer;
  storefrontUrl: string;
  /** The hash of the token the api wrote for the command line on its machine; null: none. */
  machineTokenHash: string | null;
  /** Where the live composition is, and the canary's thresholds, for the release health. */
  telemetry: Pick<TelemetryOptions, 'compositionFile' | 'compositionEnvironment' | 'compositionDatabaseUrl' | 'thresholds'>;
}

const responses = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
  500: ErrorSchema,
  503: ErrorSchema,
};

/** A typed number that names no order (404), or more than one (400, the whole number is asked for). */
function refuseNumber(reply: FastifyReply, match: Exclude<OperatorNumberMatch, { kind: 'found' }>) {
  return match.kind === 'not_found'
    ? reply.code(404).send(apiError('not_found', match.message))
    : reply.code(400).send(apiError('invalid_number', match.message));
}

const NOT_SIGNED_IN = 'Sign in with an operator account to see the shop’s orders.';
const NOT_AN_OPERATOR = 'This part of the store is for the shop’s operators.';

/**
 * /operator: the shop's orders for its operators (accounts with the operator role), behind the
 * same session cookie, cross-site check and rate limits as shoppers, and for the command line on
 * the api's own machine. Anyone else gets 401 (not signed in) or 403, on every route; every
 * request that gets through is logged with who made it.
 */
export const operatorRoutes: FastifyPluginAsyncTypebox<OperatorRoutesOptions> = async (app, { database, terms, mail, storefrontUrl, machineTokenHash, telemetry }) => {
  const context = { terms, mail, storefrontUrl };
  app.decorateRequest('operatorActor', null);

  function machineActor(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    if (!machineTokenHash || typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
    // The token is for scripts on the api's machine: from anywhere else (through the edge, whose
    // X-Forwarded-For names the shopper) it is worth nothing.
    if (!isLoopbackHost(request.ip) || !isMachineToken(header.slice('Bearer '.length).trim(), machineTokenHash)) return null;
    return COMMAND_LINE_ACTOR;
  }

  app.addHook('onRequest', async (request, reply: FastifyReply) => {
    const machine = machineActor(request);
    if (machine) {
      request.operatorActor = machine;
      return;
    }
    if (!request.signedIn) return reply.code(401).send(apiError('not_signed_in', NOT_SIGNED_IN));
    if (!request.signedIn.user.operator) {
      request.log.warn({ user: request.signedIn.user.id, url: request.url }, 'a shopper asked for an operator route');
      return reply.code(403).send(apiError('not_an_operator', NOT_AN_OPERATOR));
    }
    request.operatorActor = request.signedIn.user.email;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.operatorActor) {
      request.log.info({ operator: request.operatorActor, method: request.method, url: request.url, status: reply.statusCode }, 'operator action');
    }
  });

  app.get(
    '/operator/orders',
    {
      schema: {
        operationId: 'listOperatorOrders',
        summary: 'A page of the shop’s orders, by status or searched',
        tags: ['operator'],
        security: access.operator,
        querystring: OperatorOrderListQuerySchema,
        response: { 200: OperatorOrderPageSchema, ...responses },
      },
    },
    async (request) => {
      const { status, q, page = 1 } = request.query;
      return listOrdersForOperator(database, { status, q }, page);
    },
  );

  app.get(
    '/operator/orders.csv',
    {
      schema: {
        operationId: 'exportOperatorOrders',
        summary: 'The shop’s orders, by status or searched, as a CSV file',
        tags: ['operator'],
        security: access.operator,
        querystring: Type.Omit(OperatorOrderListQuerySchema, ['page']),
        response: { 200: MediaAnswer<string>('The orders, one a row, as an attachment', ['text/csv']), ...responses },
      },
    },
    async (request, reply) => {
      const { status, q } = request.query;
      const csv = await ordersCsv(database, { status, q });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${status ?? 'all'}-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/operator/summary',
    {
      schema: {
        operationId: 'getOperatorSummary',
        summary: 'The count and total of orders paid today and this month',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        response: { 200: OperatorSummarySchema, ...responses },
      },
    },
    async () => paidTotals(database),
  );

  app.get(
    '/operator/orders/:number',
    {
      schema: {
        operationId: 'getOperatorOrder',
        summary: 'One order, by its number or its serial alone, with its history and next statuses',
        tags: ['operator'],
        security: access.operator,
        params: OperatorOrderNumberParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: OperatorOrderSchema, ...responses },
      },
    },
    async (request, reply) => {
      const match = await matchOperatorOrderNumber(database, request.params.number);
      if (match.kind !== 'found') return refuseNumber(reply, match);
      const order = await findOrderByNumber(database, match.number);
      if (!order) return reply.code(404).send(apiError('not_found', `No order ${match.number}.`));
      return operatorOrder(order, terms);
    },
  );

  app.post(
    '/operator/orders/:number/moves',
    {
      // Cancelling gives stock back: the product's next read must show it.
      config: { changesProducts: true },
      schema: {
        operationId: 'moveOperatorOrder',
        summary: 'Moves an order to its next status (paid, packed, shipped…), or cancels it',
        description: '409 `illegal_move` when the order cannot go there from where it is.',
        tags: ['operator'],
        security: access.operator,
        params: OperatorOrderNumberParamsSchema,
        querystring: NoQuerySchema,
        body: OrderMoveBodySchema,
        response: { 200: OperatorOrderSchema, ...responses },
      },
    },
    async (request, reply) => {
      const match = await matchOperatorOrderNumber(database, request.params.number);
      if (match.kind !== 'found') return refuseNumber(reply, match);
      const { number } = match;
      const outcome = await moveOrder(database, number, request.body, request.operatorActor ?? COMMAND_LINE_ACTOR, context);
      switch (outcome.kind) {
        case 'moved':
          return operatorOrder(outcome.order, terms);
        case 'not_found':
          return reply.code(404).send(apiError('not_found', `No order ${number}.`));
        case 'refused':
          return reply.code(409).send(apiError('illegal_move', outcome.message));
        case 'bad_field':
          return reply.code(400).send(apiError(`invalid_${outcome.field}`, outcome.message));
      }
    },
  );

  // Making and unmaking operators is the command line's alone: an operator's stolen session
  // must not be able to make more of them.
  const OperatorEmailSchema = Type.Object(
    { email: TypedEmailSchema, catalogue: Type.Optional(Type.Boolean({ description: 'the catalogue role: granted with the operator role, or (removing) taken alone' })) },
    { additionalProperties: false },
  );
  const RoleAnswerSchema = Type.Object({ outcome: Type.String(), email: Type.String() }, { additionalProperties: false });
  const commandLineOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.operatorActor !== COMMAND_LINE_ACTOR) {
      return reply.code(403).send(apiError('command_line_only', 'Operators are added and removed with npm run operators on the shop’s machine.'));
    }
  };

  app.get(
    '/operator/operators',
    {
      preHandler: commandLineOnly,
      schema: {
        operationId: 'listOperators',
        summary: 'The shop’s operators',
        tags: ['operator'],
        security: access.commandLine,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(Type.Object({ email: Type.String(), name: Type.String(), catalogue: Type.Boolean() }, { additionalProperties: false })), ...responses },
      },
    },
    async () => listOperators(database),
  );

  app.post(
    '/operator/operators',
    {
      preHandler: commandLineOnly,
      schema: {
        operationId: 'grantOperator',
        summary: 'Makes an existing account an operator',
        tags: ['operator'],
        security: access.commandLine,
        querystring: NoQuerySchema,
        body: OperatorEmailSchema,
        response: { 200: RoleAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const outcome = await grantOperator(database, request.body.email.trim(), request.body.catalogue ?? false);
      return { outcome: outcome.kind, email: outcome.email };
    },
  );

  app.delete(
    '/operator/operators',
    {
      preHandler: commandLineOnly,
      schema: {
        operationId: 'revokeOperator',
        summary: 'Takes the operator role from an account',
        tags: ['operator'],
        security: access.commandLine,
        querystring: NoQuerySchema,
        body: OperatorEmailSchema,
        response: { 200: RoleAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const outcome = await revokeOperator(database, request.body.email.trim(), request.body.catalogue ?? false);
      return { outcome: outcome.kind, email: outcome.email };
    },
  );

  await app.register(operatorMailRoutes, { database, mail, now: () => mail.now() });
  await app.register(releaseHealthRoutes, { database, thresholds: telemetry.thresholds, compositionFile: telemetry.compositionFile, compositionEnvironment: telemetry.compositionEnvironment, compositionDatabaseUrl: telemetry.compositionDatabaseUrl });
  await app.register(catalogueFileRoutes, { database, mayEditCatalogue: (request) => request.operatorActor === COMMAND_LINE_ACTOR });
  await app.register(productEditRoutes, {
    database,
    mayEditCatalogue: (request) => request.operatorActor === COMMAND_LINE_ACTOR || request.signedIn?.catalogue === true,
    actorOf: (request) => request.operatorActor ?? 'unknown',
  });
};
