/**
 * The abort worker: while the live composition has a canary, it judges the canary's page views
 * every CANARY_CHECK_MS by the rules of judgement.ts, and ends the canary (abortCanary, as the
 * compose command's `abort` does, by 'auto-abort') once one is broken.
 *
 * One judge at a time across api processes: each look is one transaction that first takes a
 * transaction-scoped advisory lock (pg_try_advisory_xact_lock); a process that does not get it
 * leaves that look to the one that did. What has been judged is kept in canary_judgements, by the
 * revision that started the canary, so a look counts each page view once whichever process makes
 * it, and a restarted api goes on where the last one stopped.
 *
 * Which page views are new: those not marked judged yet, which a look marks as it counts them
 * (telemetryQueries.ts, pageViewBatch), so a row committed after later ones is counted at the next
 * look and none twice.
 */
import { abortCanary, CompositionConflict, type CanaryJudgement, type CompositionStore, type LiveComposition, type Revision } from '@storefront/release-state';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { CanaryThresholds } from '../../options';
import { compositionStoreOf, type CompositionPlaceOptions } from './compositionPlace';
import { addBatch, judgeCanary, type ErrorTest } from './judgement';
import { canaryArmFigures, markCanaryAborted, pageViewBatch, readJudgementState, saveJudgementState } from './telemetryQueries';

/** Who the abort's revision says ended the canary. */
export const AUTO_ABORT_ACTOR = 'auto-abort';

/** What one look found and did. */
export type CanaryLook =
  /** No composition, or no canary in it. */
  | { kind: 'no-canary' }
  /** Another api process is judging at this moment. */
  | { kind: 'busy' }
  /** Judged: no rule broken. */
  | { kind: 'kept'; startedBy: number; test: ErrorTest }
  /** A rule was broken and the canary ended as `revision`. */
  | { kind: 'aborted'; startedBy: number; test: ErrorTest; judgement: CanaryJudgement; revision: Revision }
  /**
   * A rule was broken but the canary was not ended: another change went live meanwhile
   * (CompositionConflict), tried again at the next look, or the canary had ended already.
   */
  | { kind: 'not-aborted'; startedBy: number; test: ErrorTest; judgement: CanaryJudgement; why: 'conflict' | 'ended' };

declare module 'fastify' {
  interface FastifyInstance {
    /** The abort worker, or null with telemetry off; tests make one look with judgeCanaryOnce. */
    canaryWatch: CanaryWatch | null;
  }
}

export interface CanaryWatchOptions {
  database: Database;
  store: CompositionStore;
  thresholds: CanaryThresholds;
  intervalMs: number;
  log: FastifyBaseLogger;
}

export class CanaryWatch {
  private timer: NodeJS.Timeout | undefined;
  /** The looks asked for, one after another. */
  private looks: Promise<unknown> = Promise.resolve();
  private pending = 0;
  /** The live composition as last read, with the change token it was read at. */
  private known: { token: string; live: LiveComposition | null } | null = null;

  constructor(private readonly options: CanaryWatchOptions) {}

  start(): void {
    this.timer = setInterval(() => {
      // A slow look is not piled upon: the next tick after it finishes looks again.
      if (this.pending > 0) return;
      this.look().catch((error: unknown) => this.options.log.error({ err: error }, 'judging the canary failed'));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /**
   * One look, after any under way: so it judges every page view stored before it was asked for
   * (a look already running may have begun before them).
   */
  look(): Promise<CanaryLook> {
    this.pending += 1;
    const next = this.looks
      .catch(() => undefined)
      .then(() => this.judge())
      .finally(() => {
        this.pending -= 1;
      });
    this.looks = next;
    return next;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.looks.catch(() => undefined);
    await this.options.store.close();
  }

  /** The live composition, read again only when the store says it changed. */
  private async liveComposition(): Promise<LiveComposition | null> {
    const token = await this.options.store.changeToken();
    if (token === null) return null;
    if (this.known?.token !== token) this.known = { token, live: await this.options.store.live() };
    return this.known.live;
  }

  private async judge(): Promise<CanaryLook> {
    const { database, thresholds, store, log } = this.options;
    const canary = (await this.liveComposition())?.document.canary;
    if (!canary) return { kind: 'no-canary' };
    const { startedBy } = canary;

    const judged = await database.transaction(async (tx) => {
      // Per schema, so that test suites sharing a server judge their own canaries.
      const lock = await tx.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('storefront:canary-judgement:' || current_schema())) AS locked`);
      if (!lock.rows[0]?.locked) return null;
      const state = await readJudgementState(tx, startedBy);
      const batch = await pageViewBatch(tx, startedBy);
      const test = addBatch(state.test, batch, thresholds.errorMargin);
      const arms = await canaryArmFigures(tx, startedBy, canary.since);
      await saveJudgementState(tx, { startedBy, test });
      const inp = { live: { p75: arms.live.p75Inp, samples: arms.live.inpSamples }, canary: { p75: arms.canary.p75Inp, samples: arms.canary.inpSamples } };
      return { test, judgement: judgeCanary(test, inp, thresholds) };
    });
    if (!judged) return { kind: 'busy' };
    const { test, judgement } = judged;
    if (!judgement) return { kind: 'kept', startedBy, test };

    // After the judgement's transaction: publishing takes the composition's own lock (a file
    // operation that may wait for a compose command). Two processes that both get here are
    // taken one after the other there; the second finds the canary ended, or a conflict.
    let revision: Revision | null;
    try {
      revision = await abortCanary(store, { by: AUTO_ABORT_ACTOR, reason: judgement.summary, startedBy, judgement });
    } catch (error) {
      if (!(error instanceof CompositionConflict)) throw error;
      log.info({ canary: startedBy, newest: error.newest.revision }, 'the canary was not aborted: the composition changed meanwhile; trying again at the next look');
      return { kind: 'not-aborted', startedBy, test, judgement, why: 'conflict' };
    }
    if (!revision) return { kind: 'not-aborted', startedBy, test, judgement, why: 'ended' };
    await markCanaryAborted(database, startedBy, revision.revision);
    log.warn({ canary: startedBy, revision: revision.revision, rule: judgement.rule, judgement }, `canary of revision ${startedBy} aborted as revision ${revision.revision}: ${judgement.summary}`);
    return { kind: 'aborted', startedBy, test, judgement, revision };
  }
}

/** The worker for the environment's composition, started; null when `secret` is (telemetry off). */
export function startCanaryWatch(options: Omit<CanaryWatchOptions, 'store'> & CompositionPlaceOptions & { secret: string | null }): CanaryWatch | null {
  if (options.secret === null) return null;
  const watch = new CanaryWatch({ ...options, store: compositionStoreOf(options) });
  watch.start();
  return watch;
}

/** One look of the app's abort worker, now (tests: the page views reported so far are judged before it answers). */
export function judgeCanaryOnce(app: FastifyInstance): Promise<CanaryLook> {
  if (!app.canaryWatch) throw new Error('telemetry is off (no TELEMETRY_SECRET): there is no abort worker');
  return app.canaryWatch.look();
}
