/**
 * The compose command's canary: `canary` gives new versions of some remotes to a share of
 * browsers beside the live ones, `promote` makes them live for everyone, `abort` ends it. Each is
 * a revision, checked as `set` is.
 */
import { abortCanary, isCanaryPercent, shortName, type CompositionDocument, type CompositionStore, type Revision } from '@storefront/release-state';
import { REMOTES } from '@storefront/edge/packages';
import { parseAssignments, printVersions, readBase, runChecks, withAssignments } from './composeChanges';
import { readActor, readReason, UsageError, type CommandLine } from './composeOptions';
import { shortChanges } from './revisionReport';

/** "cart 1.0.2 for 10%, revision 2": a running canary as release managers read it. */
export function canaryText(canary: NonNullable<CompositionDocument['canary']>): string {
  const versions = REMOTES.flatMap((remote) => (canary.remotes[remote] ? [`${shortName(remote)} ${canary.remotes[remote]?.version}`] : [])).join(', ');
  return `${versions} for ${canary.percent}%, revision ${canary.startedBy}`;
}

/** `--percent 10` → 10: more than 0, at most 100, to one decimal place. */
function readPercent(value: string | undefined): number {
  if (value === undefined) throw new UsageError('say how many browsers get the canary: --percent 10');
  const percent = /^\d{1,3}(\.\d)?$/.test(value) ? Number(value) : Number.NaN;
  if (!isCanaryPercent(percent)) throw new UsageError(`--percent must be more than 0 and at most 100, to one decimal place (10, 2.5), got "${value}"`);
  return percent;
}

/**
 * Gives new versions of some remotes to a share of browsers: checked as `set` checks them (the
 * live composition with these versions), then a revision whose composition keeps the live
 * versions and names the canary's beside them.
 */
export async function startCanary(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length === 0) throw new UsageError('say which versions: npm run compose -- canary catalog=1.5.0 --percent 10');
  const chosen = parseAssignments(line.positional);
  const percent = readPercent(line.options.percent);
  const by = readActor(line.options.by, process.env);
  const reason = readReason(line.options.reason, false, 'canary');
  const { live, basedOn, current } = await readBase(store, line.options.base);
  if (current.canary) throw new UsageError(`a canary runs already (${canaryText(current.canary)}): promote or abort it first`);
  for (const [remote, version] of chosen) {
    if (current.remotes[remote]?.version === version) throw new UsageError(`${shortName(remote)} ${version} is live already: a canary gives browsers a version other than the live one`);
  }
  const tried = withAssignments(current, chosen);
  const checked = await runChecks(tried);
  if (!checked.ok) {
    console.error(`nothing changed: no canary started${basedOn > 0 ? `, revision ${basedOn} stays live` : ''}`);
    return false;
  }
  const previous = live?.revision ? await store.revision(live.revision) : null;
  // The revision's facts are the live remotes': the canary's versions are not live for everyone.
  const facts: Revision['facts'] = { ...checked.facts };
  for (const remote of chosen.keys()) {
    const recorded = previous?.facts[remote];
    if (recorded) facts[remote] = recorded;
    else delete facts[remote];
  }
  const canaryRemotes: NonNullable<CompositionDocument['canary']>['remotes'] = {};
  for (const remote of chosen.keys()) canaryRemotes[remote] = tried.remotes[remote];
  // Its own number: the next one, after the working builds' when nothing was composed before (publish records them first).
  const startedBy = basedOn + (live ? 1 : 2);
  const composition: CompositionDocument = { ...current, canary: { remotes: canaryRemotes, percent, startedBy, since: new Date().toISOString() } };
  const revision = await store.publish(
    { by, reason, action: 'canary', composition, facts, shell: checked.shell.shared, checkedAt: checked.at.toISOString() },
    basedOn,
    live ? undefined : current,
  );
  if (revision.revision !== startedBy) throw new Error(`the canary's revision is ${revision.revision}, not ${startedBy} as expected: abort it (npm run compose -- abort) and start it again`);
  console.log(`✓ revision ${revision.revision}: the canary runs for ${percent}% of browsers (by ${revision.by}): ${shortChanges(revision.changes)}`);
  console.log('  each browser keeps its version on every page; npm run compose -- status shows how it does, promote or abort ends it');
  return true;
}

/** The running canary's versions live for everyone, checked as `set` checks them. */
export async function promoteCanary(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length > 0) throw new UsageError(`promote takes no versions (got ${line.positional.join(' ')}): it makes the running canary's live`);
  const by = readActor(line.options.by, process.env);
  const reason = readReason(line.options.reason, false, 'promote');
  const { live, basedOn, current } = await readBase(store, line.options.base);
  const { canary, ...rest } = current;
  if (!live || !canary) throw new UsageError('no canary runs: there is nothing to promote (npm run compose -- canary <remote>=<version> --percent <p>)');
  const next: CompositionDocument = { ...rest, remotes: { ...rest.remotes, ...canary.remotes } };
  const checked = await runChecks(next);
  if (!checked.ok) {
    console.error(`nothing changed: the canary keeps running (revision ${basedOn}); abort it, or fix what the checks found`);
    return false;
  }
  const revision = await store.publish({ by, reason, action: 'promote', composition: next, facts: checked.facts, shell: checked.shell.shared, checkedAt: checked.at.toISOString() }, basedOn);
  console.log(`✓ promoted: revision ${revision.revision} is live for everyone (by ${revision.by}): ${shortChanges(revision.changes)}`);
  printVersions(revision.composition);
  return true;
}

/** Ends the running canary: everyone back on the live versions on their next page. */
export async function abort(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length > 0) throw new UsageError(`abort takes no versions (got ${line.positional.join(' ')})`);
  const by = readActor(line.options.by, process.env);
  const reason = readReason(line.options.reason, false, 'abort');
  const { live } = await readBase(store, line.options.base);
  const canary = live?.document.canary;
  if (!canary) throw new UsageError('no canary runs: there is nothing to abort');
  const revision = await abortCanary(store, { by, reason, startedBy: canary.startedBy });
  if (!revision) throw new UsageError('no canary runs: there is nothing to abort');
  console.log(`✓ aborted: revision ${revision.revision} (by ${revision.by}): ${shortChanges(revision.changes)}; shoppers get the live versions on their next page`);
  return true;
}

