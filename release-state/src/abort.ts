/**
 * Ending a canary: everyone back on the live versions, as a revision like any other. The compose
 * command's `abort` and the api's abort worker both end one here, so the history reads the same
 * whoever did it.
 */
import type { CanaryJudgement, CompositionStore, Revision } from './store';

export interface AbortRequest {
  by: string;
  reason: string | null;
  /** Only this canary (the revision that started it): a newer canary is not ended by a judgement of an older one. */
  startedBy?: number;
  judgement?: CanaryJudgement;
}

/**
 * Publishes a revision without the running canary (the live remotes unchanged, with what the
 * checks recorded of them); null when no canary runs, or not the one named. Throws
 * CompositionConflict when another change went live meanwhile.
 */
export async function abortCanary(store: CompositionStore, request: AbortRequest): Promise<Revision | null> {
  await store.upgrade();
  const live = await store.live();
  const canary = live?.document.canary;
  if (!live?.revision || !canary) return null;
  if (request.startedBy !== undefined && canary.startedBy !== request.startedBy) return null;
  const current = await store.revision(live.revision);
  const { canary: _ended, ...document } = live.document;
  return store.publish(
    {
      by: request.by,
      reason: request.reason,
      action: 'abort',
      composition: document,
      facts: current?.facts ?? {},
      ...(current?.shell ? { shell: current.shell } : {}),
      checkedAt: current?.checkedAt ?? null,
      ...(request.judgement ? { judgement: request.judgement } : {}),
    },
    live.revision,
  );
}
