import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema, SERVER_REPORT_SIGNATURE_HEADER, ServerRenderReportSchema, TelemetryReportSchema } from '@storefront/contracts';
import { isServerReportSigned, readPageView } from '@storefront/release-state';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import { apiError } from '../../schemas/errors';
import { limitPerAddress } from '../../plugins/rateLimits';
import { access } from '../../schemas/access';
import { NoQuerySchema, writeErrorResponses } from '../../schemas/common';
import { pageViewRow, recordPageView, recordServerReport, SERVER_REPORT_WINDOW_MS, type RemoteFailure } from './telemetryQueries';

/** A report is a few hundred bytes; a token at most 1 KB. */
export const TELEMETRY_BODY_LIMIT_BYTES = 4 * 1024;
/** The edge's report names a few dozen remote versions at most. */
export const SERVER_REPORT_BODY_LIMIT_BYTES = 16 * 1024;

export const TELEMETRY_OFF_MESSAGE = 'This store takes no health reports: telemetry is off (TELEMETRY_SECRET is not set).';
export const ALREADY_COUNTED_MESSAGE = "body/token: this page view's report was counted already; a page view is counted once.";

const pageViewResponses = { ...writeErrorResponses, 429: ErrorSchema };
const serverReportResponses = { ...writeErrorResponses, 401: ErrorSchema };

export interface TelemetryRoutesOptions {
  database: Database;
  /** TELEMETRY_SECRET; null: telemetry is off, and both routes answer 503 `telemetry_off`. */
  secret: string | null;
  limits: ApiLimits;
}

function describeFailure({ remote, version, loadFailures, fallback, caughtErrors }: RemoteFailure): string {
  const what = [
    loadFailures > 0 ? `${loadFailures} failed load${loadFailures === 1 ? '' : 's'}` : null,
    fallback ? 'fell back' : null,
    caughtErrors > 0 ? `${caughtErrors} caught error${caughtErrors === 1 ? '' : 's'}` : null,
  ].filter((part) => part !== null);
  return `${remote} ${version} (${what.join(', ')})`;
}

/**
 * The storefront's health reports: a browser's one per page view (POST /telemetry, sent by the
 * shell with navigator.sendBeacon as application/json through the edge's /api), and the edge's
 * own failed renders (POST /telemetry/server, signed). Neither reads or sets a cookie, and
 * nothing personal is stored: no address, cookie or account.
 */
export const telemetryRoutes: FastifyPluginAsyncTypebox<TelemetryRoutesOptions> = async (app, { database, secret, limits }) => {
  const refuseWhenOff = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (secret === null) return reply.code(503).send(apiError('telemetry_off', TELEMETRY_OFF_MESSAGE));
  };

  app.post(
    '/telemetry',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT_BYTES,
      preValidation: refuseWhenOff,
      config: {
        rateLimit: limitPerAddress('telemetry', limits.telemetry, (wait) => apiError('too_many_reports', `Too many reports from this address; send again in ${wait}.`)),
      },
      schema: {
        operationId: 'reportPageView',
        summary: 'One page view’s health, from the browser that showed it',
        description:
          'Counted once per page-view token (the one /composition.json gave the page), and attributed to the arm and versions the token names. ' +
          '204 when counted; 400 `invalid_token` for a token not signed by this store, expired or malformed, and `bad_request` naming the field for anything else the schema refuses; ' +
          '409 `already_counted` for a token whose report was counted already (nothing is counted again); 429 `too_many_reports` past the limit per address; ' +
          '503 `telemetry_off` when the store takes no reports.',
        tags: ['telemetry'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: TelemetryReportSchema,
        response: { 204: Type.Null(), ...pageViewResponses },
      },
    },
    async (request, reply) => {
      const read = readPageView(secret as string, request.body.token, Date.now());
      if ('problem' in read) return reply.code(400).send(apiError('invalid_token', `body/token: ${read.problem}`));
      const row = pageViewRow(read.view, request.body);
      if (!(await recordPageView(database, row))) return reply.code(409).send(apiError('already_counted', ALREADY_COUNTED_MESSAGE));
      if (row.failures.length > 0) {
        const { arm, canary } = read.view;
        request.log.warn(
          { arm, canary, route: row.route, failures: row.failures },
          `a page reported failing remotes: ${row.failures.map(describeFailure).join('; ')} (${arm} arm${canary === null ? '' : ` of the canary of revision ${canary}`}, route ${row.route})`,
        );
      }
      return reply.code(204).send(null);
    },
  );

  // Its own parser: the signature is over the body as sent, so the text is kept beside the value.
  await app.register(async (scope) => {
    const edge = scope.withTypeProvider<TypeBoxTypeProvider>();
    const rawBodies = new WeakMap<FastifyRequest, string>();
    const parseJson = edge.getDefaultJsonParser('error', 'error');
    edge.removeContentTypeParser('application/json');
    edge.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      parseJson(request, body as string, done);
    });
    const refuseUnsigned = async (request: FastifyRequest, reply: FastifyReply) => {
      const signature = request.headers[SERVER_REPORT_SIGNATURE_HEADER];
      if (!isServerReportSigned(secret as string, rawBodies.get(request) ?? '', typeof signature === 'string' ? signature : undefined)) {
        return reply.code(401).send(apiError('unsigned_report', `The report is not signed with this store's telemetry secret (${SERVER_REPORT_SIGNATURE_HEADER}).`));
      }
    };

    edge.post(
      '/telemetry/server',
      {
        bodyLimit: SERVER_REPORT_BODY_LIMIT_BYTES,
        preValidation: [refuseWhenOff, refuseUnsigned],
        schema: {
          operationId: 'reportServerRenders',
          summary: 'The remotes the edge failed to render on its server, per version and arm',
          description:
            `Signed by the edge: ${SERVER_REPORT_SIGNATURE_HEADER} is the HMAC-SHA256 of the body as sent, with the telemetry secret (401 \`unsigned_report\` otherwise). ` +
            '204 when counted; 400 `stale_report` when `at` is more than two minutes from now; 409 `already_counted` for a report counted already; ' +
            '503 `telemetry_off` when the store takes no reports.',
          tags: ['telemetry'],
          security: access.edge,
          querystring: NoQuerySchema,
          body: ServerRenderReportSchema,
          response: { 204: Type.Null(), ...serverReportResponses },
        },
      },
      async (request, reply) => {
        const at = Date.parse(request.body.at);
        if (Number.isNaN(at) || Math.abs(Date.now() - at) > SERVER_REPORT_WINDOW_MS) {
          return reply.code(400).send(apiError('stale_report', `body/at: the report must be sent within ${SERVER_REPORT_WINDOW_MS / 60_000} minutes of its time, got ${request.body.at}`));
        }
        const outcome = await recordServerReport(database, rawBodies.get(request) ?? '', request.body);
        if (outcome === 'replayed') return reply.code(409).send(apiError('already_counted', 'This report was counted already.'));
        return reply.code(204).send(null);
      },
    );
  });
};
