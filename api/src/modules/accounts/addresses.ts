import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AddressBodySchema, AddressSchema, ErrorSchema, IdentifierSchema } from '@storefront/contracts';
import { isSaProvince, SA_PROVINCES } from '@storefront/shared/domain';
import { Type, type Static } from 'typebox';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema, writeErrorResponses } from '../../schemas/common';
import { requireSignedIn } from '../../identity/sessions';

type Address = Static<typeof AddressSchema>;

const COLUMNS = 'id, label, recipient, street, suburb, city, province, postal_code';
const IdParams = Type.Object({ id: IdentifierSchema }, { additionalProperties: false });
const responses = { ...errorResponses, 401: ErrorSchema };
const writeResponses = { ...writeErrorResponses, 401: ErrorSchema };
const WRONG_PROVINCE = apiError('invalid_province', `Choose one of the nine provinces: ${SA_PROVINCES.join(', ')}.`);

/**
 * A signed-in shopper's saved delivery addresses, at most `limits.addressesPerAccount` of them:
 * one more is a 409 naming the cap. The count and the insert run under a lock on the account's
 * row, so parallel adds cannot pass the cap together.
 */
export const addressRoutes: FastifyPluginAsyncTypebox<{ database: Database; limits: Pick<ApiLimits, 'addressesPerAccount'> }> = async (
  app,
  { database, limits },
) => {
  const cap = limits.addressesPerAccount;
  const tooMany = apiError('too_many_addresses', `You can save up to ${cap} addresses. Delete one you no longer use to add another.`);

  app.get(
    '/account/addresses',
    {
      schema: {
        operationId: 'listAddresses',
        summary: 'The signed-in account’s saved addresses',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(AddressSchema), ...responses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const rows = await database.query<Address>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY created_at`, [user.id]);
      return rows.rows;
    },
  );

  app.post(
    '/account/addresses',
    {
      schema: {
        operationId: 'addAddress',
        summary: 'Saves an address to the signed-in account (409 `too_many_addresses` past the cap)',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        body: AddressBodySchema,
        response: { 201: AddressSchema, ...writeResponses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const body = request.body;
      if (!isSaProvince(body.province)) return reply.code(400).send(WRONG_PROVINCE);
      const inserted = await database.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        return tx.query<Address>(
          `INSERT INTO addresses (id, user_id, label, recipient, street, suburb, city, province, postal_code)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
           WHERE (SELECT count(*) FROM addresses WHERE user_id = $2) < $10
           RETURNING ${COLUMNS}`,
          [randomUUID(), user.id, body.label?.trim() ?? '', body.recipient.trim(), body.street.trim(), body.suburb?.trim() ?? '', body.city.trim(), body.province, body.postal_code, cap],
        );
      });
      const address = inserted.rows[0];
      if (!address) return reply.code(409).send(tooMany);
      return reply.code(201).send(address);
    },
  );

  app.put(
    '/account/addresses/:id',
    {
      schema: {
        operationId: 'updateAddress',
        summary: 'Changes one of the signed-in account’s saved addresses',
        tags: ['account'],
        security: access.signedIn,
        params: IdParams,
        querystring: NoQuerySchema,
        body: AddressBodySchema,
        response: { 200: AddressSchema, ...writeResponses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const body = request.body;
      if (!isSaProvince(body.province)) return reply.code(400).send(WRONG_PROVINCE);
      const updated = await database.query<Address>(
        `UPDATE addresses SET label = $3, recipient = $4, street = $5, suburb = $6, city = $7, province = $8, postal_code = $9
         WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
        [request.params.id, user.id, body.label?.trim() ?? '', body.recipient.trim(), body.street.trim(), body.suburb?.trim() ?? '', body.city.trim(), body.province, body.postal_code],
      );
      if (updated.rows.length === 0) return reply.code(404).send(apiError('not_found', 'No such address.'));
      return updated.rows[0] as Address;
    },
  );

  app.delete(
    '/account/addresses/:id',
    {
      schema: {
        operationId: 'deleteAddress',
        summary: 'Deletes one of the signed-in account’s saved addresses',
        tags: ['account'],
        security: access.signedIn,
        params: IdParams,
        querystring: NoQuerySchema,
        response: { 204: Type.Null(), ...writeResponses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const removed = await database.query('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [request.params.id, user.id]);
      if (removed.rows.length === 0) return reply.code(404).send(apiError('not_found', 'No such address.'));
      return reply.code(204).send(null);
    },
  );
};
