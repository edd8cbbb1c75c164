import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, ReleaseHealthSchema, type Static } from '@storefront/contracts';
import { REMOTES, type CompositionStore } from '@storefront/release-state';
import { compositionStoreOf, type CompositionPlaceOptions } from './compositionPlace';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { access } from '../../schemas/access';
import type { CanaryThresholds } from '../../options';
import { errorBound } from './judgement';
import { canaryArmFigures, readJudgementState, versionHealth } from './telemetryQueries';

export type ReleaseHealth = Static<typeof ReleaseHealthSchema>;

export const DEFAULT_HEALTH_WINDOW_HOURS = 24;

const ReleaseHealthQuerySchema = Type.Object(
  { hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, description: 'The window for the versions’ figures, in hours back from now (24 unless given)' })) },
  { additionalProperties: false },
);

export interface ReleaseHealthRoutesOptions extends CompositionPlaceOptions {
  database: Database;
  thresholds: CanaryThresholds;
}

const rate = (failed: number, views: number) => (views === 0 ? null : failed / views);

/** The running canary's health as the abort worker judges it, and every remote version's; null canary when none runs. */
export async function releaseHealth(database: Database, store: CompositionStore, thresholds: CanaryThresholds, hours: number): Promise<ReleaseHealth> {
  const { since, versions } = await versionHealth(database, hours);
  const canary = (await store.live())?.document.canary;
  if (!canary) return { window: { hours, since }, canary: null, versions };
  const arms = await canaryArmFigures(database, canary.startedBy, canary.since);
  const { test } = await readJudgementState(database, canary.startedBy);
  const remotes = Object.fromEntries(REMOTES.flatMap((remote) => (canary.remotes[remote] ? [[remote, canary.remotes[remote].version]] : [])));
  return {
    window: { hours, since },
    canary: {
      startedBy: canary.startedBy,
      percent: canary.percent,
      since: canary.since,
      remotes,
      arms,
      errorTest: {
        logLikelihoodRatio: test.logLikelihoodRatio,
        bound: errorBound(thresholds.alpha),
        margin: thresholds.errorMargin,
        alpha: thresholds.alpha,
        judged: { live: test.live.views, canary: test.canary.views },
        liveRate: rate(test.live.failed, test.live.views),
        canaryRate: rate(test.canary.failed, test.canary.views),
      },
      inp: {
        liveP75: arms.live.p75Inp,
        canaryP75: arms.canary.p75Inp,
        liveSamples: arms.live.inpSamples,
        canarySamples: arms.canary.inpSamples,
        marginMs: thresholds.inpMarginMs,
        minSamples: thresholds.inpMinSamples,
      },
    },
    versions,
  };
}

/**
 * GET /operator/releases/health, for release managers: registered inside operatorRoutes, behind
 * its check (an operator's session, or the command line's token on the api's machine).
 */
export const releaseHealthRoutes: FastifyPluginAsyncTypebox<ReleaseHealthRoutesOptions> = async (app, { database, thresholds, ...place }) => {
  const store = compositionStoreOf(place);
  app.addHook('onClose', () => store.close());
  app.get(
    '/operator/releases/health',
    {
      schema: {
        operationId: 'getReleaseHealth',
        summary: 'The running canary’s health by arm, as the abort worker judges it, and each remote version’s over a window',
        tags: ['operator'],
        security: access.operator,
        querystring: ReleaseHealthQuerySchema,
        response: { 200: ReleaseHealthSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema, 500: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (request) => releaseHealth(database, store, thresholds, request.query.hours ?? DEFAULT_HEALTH_WINDOW_HOURS),
  );
};
