import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '@storefront/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { MediaAnswer, NoQuerySchema } from '../../schemas/common';
import { importCatalogue } from './applyImport';
import { exportCatalogue } from './exportCatalogue';
import { PICTURE_LIMITS, PictureRefused, pictureReport, storeUpload } from './pictureStore';

const responses = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema, 500: ErrorSchema, 503: ErrorSchema };

const ProblemSchema = Type.Object({ line: Type.Integer(), column: Type.Union([Type.String(), Type.Null()]), message: Type.String() }, { additionalProperties: false });

const ImportBodySchema = Type.Object(
  {
    csv: Type.String({ maxLength: 64 * 1024 * 1024, description: 'the Shopify product CSV, decoded' }),
    files: Type.Record(
      Type.String({ maxLength: 2048 }),
      Type.Union([
        Type.Object({ digest: Type.String({ pattern: '^[0-9a-f]{64}$' }) }, { additionalProperties: false }),
        Type.Object({ missing: Type.String({ maxLength: 500 }) }, { additionalProperties: false }),
      ]),
      { description: 'each picture path the file names: the digest of its bytes as sent to /operator/catalogue/pictures, or why it could not be read', maxProperties: 200_000 },
    ),
    dry_run: Type.Boolean(),
    remove_missing: Type.Boolean(),
  },
  { additionalProperties: false },
);

const ImportOutcomeSchema = Type.Object(
  {
    ok: Type.Boolean(),
    problems: Type.Array(ProblemSchema),
    rows: Type.Integer(),
    created: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    unpublished: Type.Integer(),
    pictures_waiting: Type.Integer(),
    dry_run: Type.Boolean(),
  },
  { additionalProperties: false },
);

const PictureReportSchema = Type.Object(
  {
    waiting: Type.Integer(),
    ready: Type.Integer(),
    failed: Type.Array(Type.Object({ link: Type.String(), source: Type.String(), problem: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export interface CatalogueFileRoutesOptions {
  database: Database;
  /** Whether this request may bring in or write out the catalogue: the command line on the api's machine. */
  mayEditCatalogue: (request: FastifyRequest) => boolean;
}

/**
 * The catalogue's files, under /operator (the operator routes' sign-in check runs first). Bringing
 * in a catalogue replaces what shoppers see, so for now only the command line on the api's own
 * machine (`npm run catalogue`) may: an operator signed in to the store gets 403.
 */
export const catalogueFileRoutes: FastifyPluginAsyncTypebox<CatalogueFileRoutesOptions> = async (app, { database, mayEditCatalogue }) => {
  app.addHook('preValidation', async (request, reply) => {
    if (!mayEditCatalogue(request)) {
      return reply.code(403).send(apiError('not_allowed', 'The catalogue is imported and exported with npm run catalogue on the shop’s own machine.'));
    }
  });

  // A picture's bytes arrive as they are; what they are is judged from the bytes alone.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: PICTURE_LIMITS.maxBytes }, (_request, body, done) => done(null, body));

  app.post(
    '/operator/catalogue/pictures',
    {
      bodyLimit: PICTURE_LIMITS.maxBytes,
      schema: {
        operationId: 'uploadCataloguePicture',
        summary: 'A picture for an import: JPEG, PNG, WebP, GIF, AVIF or TIFF bytes (not SVG), at most 20 MB and 40 megapixels',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        response: { 200: Type.Object({ digest: Type.String() }, { additionalProperties: false }), ...responses },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.code(400).send(apiError('invalid_body', 'body: send the picture’s bytes as application/octet-stream'));
      try {
        return { digest: await storeUpload(database, request.body) };
      } catch (error) {
        if (error instanceof PictureRefused) return reply.code(400).send(apiError('invalid_picture', `body: ${error.message}`));
        throw error;
      }
    },
  );

  app.post(
    '/operator/catalogue/import',
    {
      bodyLimit: 80 * 1024 * 1024,
      config: { changesProducts: true },
      schema: {
        operationId: 'importCatalogue',
        summary: 'Imports a Shopify product CSV, all or nothing; the answer lists every problem with its line and column',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        body: ImportBodySchema,
        response: { 200: ImportOutcomeSchema, ...responses },
      },
    },
    async (request) => {
      const { csv, files, dry_run, remove_missing } = request.body;
      const outcome = await importCatalogue(database, { csv, files, dryRun: dry_run, removeMissing: remove_missing });
      request.log.info({ operator: request.operatorActor, ok: outcome.ok, created: outcome.created, updated: outcome.updated, unpublished: outcome.unpublished, dryRun: dry_run }, 'catalogue import');
      const { picturesWaiting, dryRun, ...rest } = outcome;
      return { ...rest, pictures_waiting: picturesWaiting, dry_run: dryRun };
    },
  );

  app.get(
    '/operator/catalogue/export.csv',
    {
      schema: {
        operationId: 'exportCatalogue',
        summary: 'The whole catalogue as a Shopify product CSV',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        response: { 200: MediaAnswer<string>('The catalogue, as an attachment', ['text/csv']), ...responses },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogue.csv"')
        .send(await exportCatalogue(database)),
  );

  app.get(
    '/operator/catalogue/pictures',
    {
      schema: {
        operationId: 'cataloguePictureReport',
        summary: 'How many imported pictures wait, are made, and which failed and why',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        response: { 200: PictureReportSchema, ...responses },
      },
    },
    async () => pictureReport(database),
  );
};
