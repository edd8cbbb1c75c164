/**
 * `npm run compose -- <command>`, for release managers: which released version of each remote is
 * live. Every change is a numbered revision recording who made it, why, what changed, the
 * revision it was made on and what the checks read of each release; only a composition that
 * passes the checks goes live, whether set or brought back by a rollback, and a change made on a
 * revision that is no longer the newest is refused (nobody's change is lost). `help` lists the
 * commands and options (scripts/lib/composeOptions.ts).
 */
import { promises as fs } from 'node:fs';
import { checkComposition, factsOf, readShellFacts, type Problem, type ReleaseFacts, type RemoteCandidate, type ShellFacts } from '../edge/src/compositionRules';
import {
  abortCanary,
  CompositionConflict,
  isCanaryPercent,
  describeChanges,
  FileCompositionStore,
  parseCompositionDocument,
  remoteFromName,
  shortName,
  type CompositionDocument,
  type CompositionStore,
  type LiveComposition,
  type Revision,
} from '@storefront/release-state';
import { portsFromEnv, REMOTES, type Remote } from '../edge/src/packages';
import { listReleases, releaseManifestUrl, VERSION_PATTERN } from '../edge/src/releaseStore';
import { readKnownGoodAfter } from '../edge/src/settings';
import { COMMAND_OPTIONS, parseCommandLine, readActor, readPositiveNumber, readReason, UsageError, USAGE, type CommandLine } from './lib/composeOptions';
import { localComposition } from '../edge/src/composition';
import { asConsumer, asProvider, checkExposedTypes, moduleUses } from './lib/exposedProps';
import { gather, shellManifestPath } from './lib/gatherReleases';
import { diffLines, formatDuration, formatWhen, historyLines, shortChanges } from './lib/revisionReport';
import { status } from './lib/releaseHealth';

const DEFAULT_HISTORY_LIMIT = 20;

function printTable(candidates: readonly RemoteCandidate[], problems: readonly Problem[]) {
  const rows = candidates.map((candidate) => {
    const own = problems.filter((problem) => problem.remote === candidate.remote);
    return { remote: candidate.remote, version: candidate.version, result: own.length === 0 ? 'ok' : own.map((problem) => problem.rule).join(', '), manifest: candidate.manifestUrl };
  });
  console.table(rows);
  for (const problem of problems) {
    console.error(`✗ ${problem.remote} [${problem.rule}] ${problem.message}\n    fix: ${problem.fix}`);
  }
}

interface Checked {
  ok: boolean;
  shell: ShellFacts;
  /** What the checks read of every remote whose manifest answered. */
  facts: Partial<Record<Remote, ReleaseFacts>>;
  /** When the checks ended. */
  at: Date;
}

/** Fetches every remote's manifest, entry and contract, checks them against the shell and each other, and prints the table. */
async function runChecks(document: CompositionDocument): Promise<Checked> {
  const shell = await readShellFacts(shellManifestPath());
  const candidates = await gather(document);
  // Each release's modules still take what the shell and the composed remotes pass them, compiled
  // against its published types (here, never by the edge).
  const problems = [...checkComposition(candidates, shell), ...checkExposedTypes(candidates.map(asProvider), moduleUses(candidates.map(asConsumer)))];
  printTable(candidates, problems);
  const facts: Partial<Record<Remote, ReleaseFacts>> = {};
  for (const candidate of candidates) {
    if (candidate.manifest) facts[candidate.remote as Remote] = factsOf(candidate.manifest, candidate.contract);
  }
  return { ok: problems.length === 0, shell, facts, at: new Date() };
}

/**
 * What the shell serves while no composition is published: the working builds, named by the
 * versions their package.json files give now (a store started before a version was raised serves
 * the version it started with; the checks then refuse a build that is not there).
 */
function servedWithoutComposition(): CompositionDocument {
  return localComposition(portsFromEnv(), process.env.PUBLIC_HOST ?? 'localhost');
}

interface Base {
  live: LiveComposition | null;
  /** The revision the change is made on: the live one when the command read it (0: none yet). */
  basedOn: number;
  /** The composition the change starts from: the live one, or the working builds while there is none. */
  current: CompositionDocument;
}

/**
 * Reads the live revision before anything slow happens: the change is made on it, and refused
 * when publishing if another change went live meanwhile. `--base` states it: refused at once when
 * it is not the newest.
 */
async function readBase(store: CompositionStore, baseOption: string | undefined): Promise<Base> {
  await store.upgrade();
  const live = await store.live();
  if (live && live.revision === null) throw new Error(`the live composition ${store.name} has no revision number; it could not be recorded as revisions`);
  const basedOn = live?.revision ?? 0;
  if (baseOption !== undefined) {
    if (!/^\d{1,9}$/.test(baseOption)) throw new UsageError(`--base must be a revision number, got "${baseOption}"`);
    const base = Number(baseOption);
    if (base !== basedOn) {
      const newest = basedOn > 0 ? await store.revision(basedOn) : null;
      if (newest && base < basedOn) throw new CompositionConflict(newest);
      throw new UsageError(`there is no revision ${base}: the newest is ${basedOn > 0 ? basedOn : 'none yet (--base 0)'}`);
    }
  }
  return { live, basedOn, current: live?.document ?? servedWithoutComposition() };
}

/** `catalog=1.4.0 cart=2.0.1` → each remote's version, refusing unknown remotes, versions and repeats. */
function parseAssignments(assignments: readonly string[]): Map<Remote, string> {
  const chosen = new Map<Remote, string>();
  for (const assignment of assignments) {
    const match = /^([^=]+)=(.*)$/.exec(assignment);
    if (!match) throw new UsageError(`"${assignment}" is not <remote>=<version>, such as cart=2.0.1`);
    const [, name = '', version = ''] = match;
    const remote = remoteFromName(name);
    if (!remote) throw new UsageError(`unknown remote "${name}" (known: ${REMOTES.map(shortName).join(', ')})`);
    if (!VERSION_PATTERN.test(version)) throw new UsageError(`"${version}" is not a version such as 1.4.0`);
    if (chosen.has(remote)) throw new UsageError(`${shortName(remote)} is given twice`);
    chosen.set(remote, version);
  }
  return chosen;
}

function withAssignments(current: CompositionDocument, chosen: ReadonlyMap<Remote, string>): CompositionDocument {
  const ports = portsFromEnv();
  const next: CompositionDocument = { ...current, remotes: { ...current.remotes } };
  for (const [remote, version] of chosen) next.remotes[remote] = { version, manifest: releaseManifestUrl(remote, version, ports) };
  return next;
}

function printVersions(document: CompositionDocument) {
  console.table(REMOTES.filter((remote) => document.remotes[remote]).map((remote) => ({ remote, version: document.remotes[remote]?.version })));
}

/** Checks the live composition; one imported from before revisions that passes is recorded as checked (it may become known good). */
async function checkLive(store: CompositionStore): Promise<boolean> {
  await store.upgrade();
  const live = await store.live();
  if (!live) throw new Error(`there is no live composition at ${store.name}; make one with: npm run compose -- set catalog=<version> …`);
  const checked = await runChecks(live.document);
  if (!checked.ok) {
    console.error(`✗ the live composition${live.revision ? ` (revision ${live.revision})` : ''} fails the checks: fix it with npm run compose -- set or rollback`);
    return false;
  }
  console.log(`✓ the live composition${live.revision ? ` (revision ${live.revision})` : ''} passes every check`);
  const revision = live.revision ? await store.revision(live.revision) : null;
  if (revision && !revision.checkedAt) {
    await store.markChecked(revision.revision, checked.at, checked.shell.shared, checked.facts);
    console.log(`revision ${revision.revision} (kept from before the checks) is now recorded as checked: known good once it stays live ${formatDuration(readKnownGoodAfter(process.env))}`);
  }
  return true;
}

/** "Could these go live?": the live composition with these versions, checked; nothing is written. */
async function checkAssignments(store: CompositionStore, assignments: readonly string[]): Promise<boolean> {
  const chosen = parseAssignments(assignments);
  const live = await store.live();
  const current = live?.document ?? servedWithoutComposition();
  const next = withAssignments(current, chosen);
  const changes = shortChanges(describeChanges(current, next));
  const checked = await runChecks(next);
  if (checked.ok) {
    console.log(`✓ these could go live: ${changes} (nothing written; make them live with npm run compose -- set ${assignments.join(' ')})`);
  } else {
    console.error(`✗ these could not go live as things are: ${changes} (nothing written)`);
  }
  return checked.ok;
}

async function check(store: CompositionStore, args: readonly string[]): Promise<boolean> {
  if (args.length === 0) return checkLive(store);
  if (args.some((arg) => arg.includes('='))) return checkAssignments(store, args);
  if (args.length > 1) throw new UsageError('check takes one composition file, or <remote>=<version> …');
  const document = parseCompositionDocument(await fs.readFile(args[0] ?? '', 'utf8'));
  const checked = await runChecks(document);
  if (checked.ok) console.log('✓ the composition passes every check');
  return checked.ok;
}

function printPublished(revision: Revision, first: boolean) {
  console.log(`✓ revision ${revision.revision} is live (by ${revision.by}): ${shortChanges(revision.changes)}; shoppers get it on their next page load`);
  if (first) console.log(`  revision ${revision.basedOn} records what was served before it (the working builds), so it can be rolled back`);
}

async function setVersions(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length === 0) throw new UsageError('say which versions: npm run compose -- set catalog=1.4.0 cart=2.0.1');
  const chosen = parseAssignments(line.positional);
  const by = readActor(line.options.by, process.env);
  const reason = readReason(line.options.reason, false, 'set');
  const { live, basedOn, current } = await readBase(store, line.options.base);
  // The canary is judged against the live versions it started beside: they stay until it ends.
  if (current.canary) throw new UsageError(`a canary runs (${canaryText(current.canary)}): promote or abort it first, then set`);
  const next = withAssignments(current, chosen);
  if (live && describeChanges(live.document, next).length === 0) {
    console.log(`nothing to change: revision ${basedOn} already has ${line.positional.join(' ')}; checking it as it is`);
    return checkLive(store);
  }
  const checked = await runChecks(next);
  if (!checked.ok) {
    console.error(`nothing changed: the live composition stays as it was${basedOn > 0 ? ` (revision ${basedOn})` : ''}`);
    return false;
  }
  const revision = await store.publish(
    { by, reason, action: 'set', composition: next, facts: checked.facts, shell: checked.shell.shared, checkedAt: checked.at.toISOString() },
    basedOn,
    live ? undefined : current,
  );
  printPublished(revision, !live);
  return true;
}

/** Brings back an earlier revision's composition as a new revision, checked exactly as a set is. */
async function rollback(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length > 0) throw new UsageError(`rollback takes no versions (got ${line.positional.join(' ')}): --to <revision> names the one to bring back`);
  const reason = readReason(line.options.reason, true, 'rollback');
  const by = readActor(line.options.by, process.env);
  const to = line.options.to !== undefined ? readPositiveNumber(line.options.to, '--to') : undefined;
  const { live, basedOn } = await readBase(store, line.options.base);
  if (!live) throw new UsageError(`nothing is composed yet (${store.name}): there is nothing to roll back`);
  const target = to ?? basedOn - 1;
  if (target < 1) throw new UsageError(`revision ${basedOn} is the first: there is none before it to bring back`);
  if (target === basedOn) throw new UsageError(`revision ${target} is the live one: name an earlier revision with --to (npm run compose -- history)`);
  const found = await store.revision(target);
  if (!found) throw new UsageError(`there is no revision ${target} (the revisions are 1 to ${basedOn})`);
  // Its versions come back, never a canary it ran: a running canary ends with the rollback.
  const { canary: _notRestored, ...composition } = found.composition;
  const restored = { ...found, composition };
  const changes = describeChanges(live.document, restored.composition);
  if (changes.length === 0) {
    throw new UsageError(`revision ${target} has the same composition as the live revision ${basedOn}: nothing to roll back (npm run compose -- history; --to names another)`);
  }
  console.log(`bringing back revision ${target} (${shortChanges(changes)}), checked first:`);
  const checked = await runChecks(restored.composition);
  if (!checked.ok) {
    console.error(`✗ revision ${target} could not go live as things are: nothing changed, revision ${basedOn} stays live`);
    return false;
  }
  const revision = await store.publish(
    { by, reason, action: 'rollback', restores: target, composition: restored.composition, facts: checked.facts, shell: checked.shell.shared, checkedAt: checked.at.toISOString() },
    basedOn,
  );
  console.log(`✓ rolled back: revision ${revision.revision} is live (by ${revision.by}), the composition of revision ${target}: ${shortChanges(revision.changes)}`);
  printVersions(revision.composition);
  return true;
}

/** "cart 1.0.2 for 10%, revision 2": a running canary as release managers read it. */
function canaryText(canary: NonNullable<CompositionDocument['canary']>): string {
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
async function startCanary(store: CompositionStore, line: CommandLine): Promise<boolean> {
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
async function promote(store: CompositionStore, line: CommandLine): Promise<boolean> {
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
async function abort(store: CompositionStore, line: CommandLine): Promise<boolean> {
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

function knownGoodAfter(): number {
  const problems: string[] = [];
  const afterMs = readKnownGoodAfter(process.env, problems);
  for (const problem of problems) console.error(`! ${problem}; taking the default`);
  return afterMs;
}

async function history(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length > 0) throw new UsageError('history takes no arguments but --limit <n>');
  const limit = line.options.limit !== undefined ? readPositiveNumber(line.options.limit, '--limit') : DEFAULT_HISTORY_LIMIT;
  await store.upgrade();
  const [revisions, live] = await Promise.all([store.revisions(), store.live()]);
  if (revisions.length === 0) {
    console.log('no revisions yet: nothing has been composed (npm run compose -- set <remote>=<version> …)');
    return true;
  }
  const afterMs = knownGoodAfter();
  console.log(`known good: checked, then live ${formatDuration(afterMs)} without being rolled away (KNOWN_GOOD_AFTER)`);
  for (const text of historyLines(revisions, live?.revision ?? null, Date.now(), afterMs, limit)) console.log(text);
  return true;
}

async function diff(store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length !== 2) throw new UsageError('diff takes two revision numbers: npm run compose -- diff 12 14');
  const [a = 0, b = 0] = line.positional.map((value) => readPositiveNumber(value, 'a revision'));
  await store.upgrade();
  const [first, second] = await Promise.all([store.revision(a), store.revision(b)]);
  if (!first || !second) {
    const revisions = await store.revisions();
    const known = revisions.length > 0 ? `the revisions are ${revisions[0]?.revision} to ${revisions[revisions.length - 1]?.revision}` : 'there are no revisions yet';
    throw new UsageError(`there is no revision ${[first ? null : a, second ? null : b].filter((number) => number !== null).join(' or ')} (${known})`);
  }
  for (const text of diffLines(first, second)) console.log(text);
  return true;
}

async function list(store: CompositionStore): Promise<boolean> {
  await store.upgrade();
  const [live, revisions] = await Promise.all([store.live(), store.revisions()]);
  const rows = [];
  const canary = live?.document.canary;
  for (const remote of REMOTES) {
    const canaryVersion = canary?.remotes[remote]?.version;
    rows.push({
      remote,
      live: live?.document.remotes[remote]?.version ?? '—',
      ...(canary ? { canary: canaryVersion ? `${canaryVersion} (${canary.percent}%)` : '—' } : {}),
      released: (await listReleases(remote)).join(', ') || '—',
    });
  }
  console.table(rows);
  if (canary) console.log(`canary: since revision ${canary.startedBy} (${formatWhen(canary.since)}), for ${canary.percent}% of browsers (npm run compose -- status, promote, abort)`);
  console.log(
    live?.revision
      ? `live: revision ${live.revision}; ${revisions.length} revision(s) (npm run compose -- history)`
      : `live: nothing composed yet (the shell serves the working builds); ${revisions.length} revision(s)`,
  );
  return true;
}

async function main(argv: readonly string[]): Promise<boolean> {
  const [command] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? console.error : console.log)(USAGE);
    return command !== undefined;
  }
  if (!(command in COMMAND_OPTIONS)) {
    console.error(`unknown command "${command}"\n\n${USAGE}`);
    return false;
  }
  const line = parseCommandLine(argv);
  const store = new FileCompositionStore();
  switch (command) {
    case 'check':
      return check(store, line.positional);
    case 'set':
      return setVersions(store, line);
    case 'rollback':
      return rollback(store, line);
    case 'canary':
      return startCanary(store, line);
    case 'promote':
      return promote(store, line);
    case 'abort':
      return abort(store, line);
    case 'status':
      return status(store, line);
    case 'history':
      return history(store, line);
    case 'diff':
      return diff(store, line);
    default:
      if (line.positional.length > 0) throw new UsageError(`${command} takes no arguments`);
      return list(store);
  }
}

main(process.argv.slice(2)).then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    if (error instanceof CompositionConflict) {
      console.error(`✗ ${error.message}`);
      console.error('nothing changed: your change was not written');
    } else {
      console.error(`[compose] ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
