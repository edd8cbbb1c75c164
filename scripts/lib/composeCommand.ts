/**
 * The compose command's work (scripts/compose.ts is the program): which released version of each
 * remote is live. Every change is a numbered revision recording who made it, why, what changed, the
 * revision it was made on and what the checks read of each release; only a composition that
 * passes the checks goes live, whether set or brought back by a rollback, and a change made on a
 * revision that is no longer the newest is refused (nobody's change is lost). `help` lists the
 * commands and options (composeOptions.ts).
 */
import { promises as fs } from 'node:fs';
import {
  CompositionConflict,
  describeChanges,
  DEFAULT_ENVIRONMENT,
  parseCompositionDocument,
  readEnvironment,
  shortName,
  type CompositionStore,
  type Revision,
} from '@storefront/release-state';
import { portsFromEnv, REMOTES, type Remote } from '@storefront/edge/packages';
import { defaultReleaseBase, listReleases, releaseManifestUrl } from '@storefront/edge/release-store';
import { readKnownGoodAfter } from '@storefront/edge/settings';
import { COMMAND_OPTIONS, parseCommandLine, readActor, readPositiveNumber, readReason, UsageError, USAGE, type CommandLine } from './composeOptions';
import { parseAssignments, printVersions, readBase, runChecks, servedWithoutComposition, withAssignments } from './composeChanges';
import { abort, canaryText, promoteCanary, startCanary } from './canaryCommands';
import { environmentStore } from './environmentStore';
import { diffLines, formatDuration, formatWhen, historyLines, shortChanges } from './revisionReport';
import { status } from './releaseHealth';

const DEFAULT_HISTORY_LIMIT = 20;

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

/**
 * `promote --from staging [--to production]`: what one environment runs made live in another
 * without a rebuild: the same releases, served from where the target serves its releases (its
 * release base, or RELEASE_BASE_URL), checked there exactly as `set` is. The revision records the
 * environment and revision it came from.
 */
async function promoteEnvironment(line: CommandLine, target: string): Promise<boolean> {
  if (line.positional.length > 0) throw new UsageError(`promote takes no versions (got ${line.positional.join(' ')}): --from names the environment whose versions go live`);
  const from = readEnvironment(line.options.from, '--from');
  if (from === target) throw new UsageError(`--from and --to both name ${from}: promote moves what one environment runs to another`);
  const by = readActor(line.options.by, process.env);
  const reason = readReason(line.options.reason, false, 'promote');
  const source = environmentStore(from);
  const store = environmentStore(target);
  try {
    await source.upgrade();
    const running = await source.live();
    if (!running?.revision) throw new UsageError(`nothing is composed in ${from}: there is nothing to promote (npm run compose -- set <remote>=<version> --env ${from})`);
    if (running.document.canary) throw new UsageError(`a canary runs in ${from} (${canaryText(running.document.canary)}): promote or abort it there first, so that one set of versions moves`);
    const { live, basedOn, current } = await readBase(store, line.options.base);
    if (current.canary) throw new UsageError(`a canary runs in ${target} (${canaryText(current.canary)}): promote or abort it first (--env ${target})`);
    // Its releases move; what it serves that is not a release (a working build) cannot, and the
    // target keeps its own.
    const chosen = new Map<Remote, string>();
    const notReleases: string[] = [];
    const ports = portsFromEnv();
    for (const remote of REMOTES) {
      const entry = running.document.remotes[remote];
      if (!entry) continue;
      if (entry.manifest === releaseManifestUrl(remote, entry.version, ports, running.document.releaseBase ?? defaultReleaseBase())) chosen.set(remote, entry.version);
      else notReleases.push(shortName(remote));
    }
    if (chosen.size === 0) throw new UsageError(`${from} runs no releases (${notReleases.join(', ')}: working builds): there is nothing to promote`);
    if (notReleases.length > 0) console.log(`${notReleases.join(', ')}: ${from} serves ${notReleases.length === 1 ? 'a build that is not a release' : 'builds that are not releases'}; ${target} keeps its own`);
    const next = withAssignments(current, chosen);
    if (live && describeChanges(live.document, next).length === 0) {
      console.log(`nothing to change: ${target} (revision ${basedOn}) runs what ${from} runs (revision ${running.revision})`);
      return true;
    }
    console.log(`promoting what ${from} runs (revision ${running.revision}) to ${target}, checked first:`);
    const checked = await runChecks(next);
    if (!checked.ok) {
      console.error(`nothing changed: ${target} stays as it was${basedOn > 0 ? ` (revision ${basedOn})` : ''}`);
      return false;
    }
    const revision = await store.publish(
      {
        by,
        reason,
        action: 'promote',
        promotedFrom: { environment: from, revision: running.revision },
        composition: next,
        facts: checked.facts,
        shell: checked.shell.shared,
        checkedAt: checked.at.toISOString(),
      },
      basedOn,
      live ? undefined : current,
    );
    console.log(`✓ promoted: revision ${revision.revision} of ${target} runs what ${from} runs (its revision ${running.revision}), by ${revision.by}: ${shortChanges(revision.changes)}`);
    printVersions(revision.composition);
    return true;
  } finally {
    await source.close();
    await store.close();
  }
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

async function run(command: string, line: CommandLine, store: CompositionStore): Promise<boolean> {
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
      return promoteCanary(store, line);
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

/** Runs one compose command line (without the program's name); false when it was refused or failed its checks. */
export async function runCompose(argv: readonly string[]): Promise<boolean> {
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
  const environment = readEnvironment(line.options.env, '--env');
  if (command === 'promote' && (line.options.from !== undefined || line.options.to !== undefined)) {
    if (line.options.from === undefined) throw new UsageError('promote --to needs --from: the environment whose versions go live (npm run compose -- promote --from staging --to production)');
    if (line.options.to !== undefined && line.options.env !== undefined && line.options.to !== line.options.env) throw new UsageError('--to and --env name different environments: name the target once');
    return promoteEnvironment(line, readEnvironment(line.options.to ?? line.options.env, '--to'));
  }
  const store = environmentStore(environment);
  if (environment !== DEFAULT_ENVIRONMENT) console.log(`environment ${environment} (${store.name})`);
  try {
    return await run(command, line, store);
  } finally {
    await store.close();
  }
}

/** What the command prints when it stops on an error: a change refused as made on an old revision, or any other. */
export function reportComposeError(error: unknown): void {
  if (error instanceof CompositionConflict) {
    console.error(`✗ ${error.message}`);
    console.error('nothing changed: your change was not written');
  } else {
    console.error(`[compose] ${error instanceof Error ? error.message : String(error)}`);
  }
}
